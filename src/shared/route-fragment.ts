// The part of a URL fragment that may be stored with a page's path: a hash router's route
// ("#/settings", "#!/item/4"), cut at its first "?", "&" or "=" (what follows is a value). Any other
// fragment is the visitor's data (OAuth's "#access_token=…", "#id_token", "#a=b&c=d") and is dropped
// whole. The tracker holds the same pattern inline (every byte of it counts, so it imports nothing);
// tests/unit/shared/route-fragment.test.ts keeps the two equal.
export const ROUTE_FRAGMENT = /^#!?\/[^&?=]*/;

/** The route `fragment` (with its "#") holds, or "" when it holds none. */
export const routeOf = (fragment: string): string => ROUTE_FRAGMENT.exec(fragment)?.[0] ?? "";
