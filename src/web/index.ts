// The web framework's public face for src/app.ts: the pages room, its options and the page
// headers other rooms' own HTML answers share. Page modules read their contract from ./page.ts;
// how rendering works stays inside.
export { webRoom, type Redirects, type WebOptions } from "./room";
export { htmlHeaders, newNonce } from "./security";
