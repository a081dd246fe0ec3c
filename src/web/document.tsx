// The HTML document around every page: head data (title, description, canonical, Open Graph and its image),
// the stylesheet and module preloads. Rendered in the RSC graph, so navigations update the head.
import type { ReactNode } from "react";
import type { Head } from "./page";

export type Assets = { css: string; preload: string[] };

export function Document(props: {
  head: Head;
  url: string;
  /** Absolute URL of the Open Graph image, if the page has one. */
  image?: string;
  assets: Assets;
  theme: "light" | "dark";
  tracking: boolean;
  children: ReactNode;
}) {
  const { head, url, assets } = props;
  return (
    <html lang="en" className={props.theme === "dark" ? "dark" : undefined} data-tracking={props.tracking ? "on" : "off"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={url} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Bothy" />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={url} />
        {props.image && <meta property="og:image" content={props.image} />}
        {props.image && <meta name="twitter:card" content="summary_large_image" />}
        <link rel="icon" href="data:," />
        {head.alternates?.map((a) => (
          <link key={a.href} rel="alternate" type={a.type} title={a.title} href={a.href} />
        ))}
        <link rel="stylesheet" href={assets.css} />
        {/* NOTE: the site measures itself, with its own host as the domain. React keeps one copy of an
            async script across navigations; the router decides which SPA moves the tracker sees. */}
        {props.tracking && <script async src="/script.js" />}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-white text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100">
        {props.children}
      </body>
    </html>
  );
}
