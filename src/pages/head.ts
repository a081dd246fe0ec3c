// Head data per page (title, description, canonical path), keyed by path: the public pages
// search engines see, plus the pages this product adds. Titles stay under 60 characters.
import type { Alternate, Head } from "../web/page";

/** The RSS and Atom feeds of blog or news, for the head's <link rel="alternate">. */
export const feeds = (type: "blog" | "news", title: string): Alternate[] => [
  { type: "application/rss+xml", title: `${title} (RSS)`, href: `/${type}/rss.xml` },
  { type: "application/atom+xml", title: `${title} (Atom)`, href: `/${type}/atom.xml` },
];

export const HEAD = {
  index: { title: "Bothy: privacy-first web analytics with carbon reporting", description: "Cookieless, consent-free web analytics that also tells you the energy and CO2 your pages cost. Hosted in the EU.", path: "/" },
  pricing: { title: "Pricing · Bothy", description: "Simple monthly plans tiered by visits, with a free plan for small sites.", path: "/pricing" },
  pricingUpdate: { title: "Change your plan · Bothy", description: "Choose another tier or billing period for Bothy Pro." },
  request: { title: "Request access · Bothy", description: "Bothy is in beta: ask for access to the hosted service.", path: "/request" },
  signin: { title: "Sign in · Bothy", description: "Sign in to your Bothy account.", path: "/signin" },
  signup: { title: "Create your account · Bothy", description: "Start measuring your website without cookies, for free.", path: "/signup" },
  news: { title: "News · Bothy", description: "What changed in Bothy: release notes for each new feature.", path: "/news", alternates: feeds("news", "Bothy news") },
  blog: { title: "Blog · Bothy", description: "How privacy-first, carbon-aware web analytics works, from the people who build Bothy.", path: "/blog", alternates: feeds("blog", "Bothy blog") },
  docs: { title: "Documentation · Bothy", description: "Install the script, read the metrics, use the stats and export APIs, and run Bothy yourself.", path: "/docs" },
  doc: { title: "Documentation · Bothy", description: "Bothy's documentation for site owners and self-hosters." },
  inspect: { title: "How green is your website? · Bothy", description: "Check the energy and carbon cost of any web page, free.", path: "/how-green-is-your-website" },
  reset: { title: "Reset your password · Bothy", description: "Choose a new password for your Bothy account.", path: "/reset" },
  terms: { title: "Terms of service · Bothy", description: "The terms for using Bothy, the hosted service and the software.", path: "/terms" },
  privacy: { title: "Privacy policy · Bothy", description: "What Bothy collects about your visitors and about you: as little as possible, and nothing personal.", path: "/privacy" },
  privacyDomain: { title: "Privacy of this website's analytics · Bothy", description: "How this website measures visits with Bothy, without cookies or personal data." },
  carbonEvidence: { title: "Carbon badge of this website · Bothy", description: "The real-visit figures behind this website's monthly carbon rating, and how they are measured." },
  install: { title: "Install Bothy on your website", description: "Add one script tag and see your visits, sources and carbon footprint within seconds.", path: "/install" },
  publicDashboard: { title: "Public dashboard · Bothy", description: "Visits and carbon footprint of this website, shared publicly with Bothy." },
  compare: { title: "Google Analytics vs Bothy", description: "How Bothy differs from Google Analytics on privacy, consent banners, page weight and carbon.", path: "/google-analytics-vs-bothy" },
  compareNew: { title: "Google Analytics 4 vs privacy-first analytics · Bothy", description: "Google Analytics 4, Plausible, Umami, Fathom, Simple Analytics, Cabin and Bothy: cookies, consent, script size and carbon, with sources.", path: "/google-vs-new" },
  signout: { title: "Signing out · Bothy", description: "Signing you out of Bothy.", path: "/signout" },
  verify: { title: "Verify your email · Bothy", description: "Confirm your email address to activate your Bothy account.", path: "/verify" },
  deleted: { title: "Account deleted · Bothy", description: "Your Bothy account and its data are deleted.", path: "/deleted" },
  settingsDomains: { title: "Domains · Bothy", description: "The websites Bothy measures for you.", path: "/settings/domains" },
  settingsProfile: { title: "Profile · Bothy", description: "Your Bothy account.", path: "/settings/profile" },
  settingsEdit: { title: "Edit your name · Bothy", description: "Change the name on your Bothy account.", path: "/settings/edit" },
  settingsPassword: { title: "Change your password · Bothy", description: "Choose a new password for your Bothy account.", path: "/settings/password" },
  settingsApiKeys: { title: "API keys · Bothy", description: "Keys for the Bothy API.", path: "/settings/api-keys" },
  settingsSecurity: { title: "Security · Bothy", description: "Two-factor sign-in for your Bothy account.", path: "/settings/security" },
  settingsVerify: { title: "Verify your email · Bothy", description: "Send the verification link again.", path: "/settings/verify" },
  settingsDelete: { title: "Delete your account · Bothy", description: "Delete your Bothy account and all its data.", path: "/settings/delete" },
  domainSettings: { title: "Website settings · Bothy", description: "Time zone, public dashboard and password of a website." },
  domainInstall: { title: "Install the script · Bothy", description: "The script tag that starts counting visits to a website." },
  domainDelete: { title: "Delete a website · Bothy", description: "Delete a website and every visit it counted." },
  domainImport: { title: "Import history · Bothy", description: "Bring a website's history from Plausible, Umami, Google Analytics 4, Matomo, GoatCounter, Simple Analytics or Fathom." },
  realtime: { title: "Realtime · Bothy", description: "Who is on a website now: page views of the last 30 minutes by minute, top pages, sources, countries and devices." },
  domainReport: { title: "Sustainability report · Bothy", description: "A website's page views, energy and CO2 over a year." },
  dashboard: { title: "Dashboard · Bothy", description: "Visits, pages, referrers, countries, devices and the carbon cost of a website." },
  adminUsers: { title: "Users · Admin · Bothy", description: "Every account of this instance.", path: "/admin/users" },
  adminUser: { title: "User · Admin · Bothy", description: "One account: its domains, keys, sign-ins, feedback and audit log." },
  adminStripe: { title: "Subscriptions · Admin · Bothy", description: "Subscriptions as Stripe reports them.", path: "/admin/users/stripe" },
  adminPrice: { title: "Prices · Admin · Bothy", description: "The tiers and their Stripe prices.", path: "/admin/price" },
  adminDomains: { title: "Domains · Admin · Bothy", description: "Every domain of this instance.", path: "/admin/domains" },
  adminUsage: { title: "Usage · Admin · Bothy", description: "Page views, top domains, storage and aggregate lag.", path: "/admin/usage" },
  adminMonitoring: { title: "Monitoring · Admin · Bothy", description: "Ingest, caches, inspector, database and maintenance.", path: "/admin/monitoring" },
  adminRequests: { title: "Requests · Admin · Bothy", description: "Feedback and requests, newest first.", path: "/admin/requests" },
  adminScreenshots: { title: "Screenshots · Admin · Bothy", description: "The inspector's recent screenshots.", path: "/admin/screenshots" },
  adminServers: { title: "Servers · Admin · Bothy", description: "The processes sharing the database.", path: "/admin/servers" },
  error: { title: "Oops! · Bothy", description: "Something went wrong." },
} satisfies Record<string, Head>;

export type HeadKey = keyof typeof HEAD;
