// The web framework's public face for src/app.ts: the pages room, its options, the page headers
// other rooms' own HTML answers share and the sign-in redirect their own routes send the signed-out
// to. Page modules read their contract from ./page.ts; how rendering works stays inside.
export { webRoom, type Redirects, type WebOptions } from "./room";
export { htmlHeaders, newNonce } from "./security";
export { signinLocation } from "./guards";
