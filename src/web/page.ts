// The contract between the framework and a page module: pages export `meta` and a default
// component; nothing else about rendering, routing or guards is their business.
import type { ReactNode } from "react";
import type { Guards, SessionUser } from "./guards";

export type { SessionUser } from "./guards";

/**
 * What the product lends its pages to read the rooms with, as the app hands it to the pages room
 * (WebOptions.services). Empty here: the framework knows no room; src/pages declares the members
 * by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in src/pages
export interface PageServices {}

export type PageProps = {
  /** Named segments of the route pattern, e.g. { domain } for /dashboard/:domain. */
  params: Record<string, string>;
  searchParams: URLSearchParams;
  user: SessionUser | null;
  beta: boolean;
  /** This site's configured origin (src/origin.ts), for snippets and absolute links. */
  origin: string;
  /** The demo domain anyone may view (config DEMO_DOMAIN), or null when the demo is off. */
  demo?: string | null;
  services: PageServices;
};

export type LayoutProps = { pathname: string; user: SessionUser | null; beta: boolean; children: ReactNode };

/** A feed or other version of the page, as <link rel="alternate"> in the head. */
export type Alternate = { type: string; title: string; href: string };

export type Head = {
  title: string;
  description: string;
  /** canonical path; defaults to the request path */
  path?: string;
  alternates?: Alternate[];
  /** Path of the page's Open Graph image on this site (PNG or JPEG: social sites take no SVG). */
  image?: string;
};

export type PageMeta<HeadKey extends string = string, LayoutName extends string = string> = {
  head: HeadKey;
  layout: LayoutName;
  guards: Guards;
  /** Pages with a dark layout render on a dark background. */
  theme?: "light" | "dark";
};

type PageComponent = (props: PageProps) => ReactNode | Promise<ReactNode>;
/** A page may name its own head data from its params (an article's title); null keeps meta.head's. */
export type PageModule = { meta: PageMeta; default: PageComponent; head?: (props: PageProps) => Head | null };

/** What src/pages/site.ts hands the framework. */
export type SiteMap = {
  routes: Record<string, PageModule>;
  layouts: Record<string, (props: LayoutProps) => ReactNode>;
  head: Record<string, Head>;
  /** The head entries and layout of the error page (404, 500). */
  errorPage: { head: string; layout: string; component: (props: { status: number; message: string }) => ReactNode };
};
