// The web framework's public face: the pages room for src/app.ts, the types a page module uses,
// and the default currentUser provider (src/app.ts passes the auth room's). How rendering works stays inside.
export { webRoom, type Redirects, type WebOptions } from "./room";
export { nobodySignedIn, type CurrentUserProvider } from "./current-user";
export type { Guards, Head, LayoutProps, PageMeta, PageProps, PageServices, SessionUser, SiteMap } from "./page";
export { htmlHeaders, newNonce } from "./security";
