// Head data per page (title, description, canonical path), keyed like SPEC §3's list of
// search-engine head entries, plus the pages this product adds. Titles stay under 60 characters.
import type { Head } from "../web/page";

export const HEAD = {
  index: { title: "Bothy: privacy-first web analytics with carbon reporting", description: "Cookieless, consent-free web analytics that also tells you the energy and CO2 your pages cost. Hosted in the EU.", path: "/" },
  pricing: { title: "Pricing · Bothy", description: "Simple monthly plans tiered by visits, with a free plan for small sites.", path: "/pricing" },
  signin: { title: "Sign in · Bothy", description: "Sign in to your Bothy account.", path: "/signin" },
  signup: { title: "Create your account · Bothy", description: "Start measuring your website without cookies, for free.", path: "/signup" },
  news: { title: "News · Bothy", description: "What changed in Bothy.", path: "/news" },
  inspect: { title: "How green is your website? · Bothy", description: "Check the energy and carbon cost of any web page, free.", path: "/how-green-is-your-website" },
  reset: { title: "Reset your password · Bothy", description: "Choose a new password for your Bothy account.", path: "/reset" },
  terms: { title: "Terms of service · Bothy", description: "The terms for using Bothy, the hosted service and the software.", path: "/terms" },
  privacy: { title: "Privacy policy · Bothy", description: "What Bothy collects about your visitors and about you: as little as possible, and nothing personal.", path: "/privacy" },
  privacyDomain: { title: "Privacy of this website's analytics · Bothy", description: "How this website measures visits with Bothy, without cookies or personal data." },
  install: { title: "Install Bothy on your website", description: "Add one script tag and see your visits, sources and carbon footprint within seconds.", path: "/install" },
  publicDashboard: { title: "Public dashboard · Bothy", description: "Visits and carbon footprint of this website, shared publicly with Bothy." },
  compare: { title: "Google Analytics vs Bothy", description: "How Bothy differs from Google Analytics on privacy, consent banners, page weight and carbon.", path: "/google-analytics-vs-bothy" },
  error: { title: "Oops! · Bothy", description: "Something went wrong." },
} satisfies Record<string, Head>;

export type HeadKey = keyof typeof HEAD;
