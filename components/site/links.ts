// The site's navigation in one place: the header, its Resources dropdown and the footer columns.
export type NavLink = { label: string; href: string };

export const DOCS_URL = "/docs";

export const RESOURCES: NavLink[] = [
  { label: "Compare with Google Analytics", href: "/google-analytics-vs-bothy" },
  { label: "How green is your website?", href: "/how-green-is-your-website" },
  { label: "Blog", href: "/blog" },
  { label: "News", href: "/news" },
];

export function footerColumns(beta: boolean): { title: string; links: NavLink[] }[] {
  return [
    {
      title: "Product",
      links: [
        { label: "Live demo", href: "/#demo" },
        ...(beta ? [{ label: "Request access", href: "/request" }] : [{ label: "Pricing", href: "/pricing" }]),
        { label: "Install guide", href: "/install" },
        { label: "Documentation", href: DOCS_URL },
        ...RESOURCES,
      ],
    },
    {
      title: "Account",
      links: [
        { label: "Sign in", href: "/signin" },
        { label: "Create an account", href: "/signup" },
        { label: "Settings", href: "/settings" },
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "Privacy policy", href: "/privacy" },
        { label: "Terms of service", href: "/terms" },
      ],
    },
  ];
}

/** The header's navigation is hidden on these path prefixes. */
export const NAV_HIDDEN_PREFIXES = ["/settings", "/dashboard", "/verify"];
export const navHidden = (pathname: string) =>
  NAV_HIDDEN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
