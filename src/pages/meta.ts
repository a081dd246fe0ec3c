// The page meta type for this site: head keys from head.ts and the layouts index.ts provides,
// so a typo in either is a type error rather than a 500 at run time.
import type { PageMeta } from "../web/page";
import type { HeadKey } from "./head";

export type LayoutName = "website" | "centred" | "settings" | "dashboard" | "admin";
export type Meta = PageMeta<HeadKey, LayoutName>;
