// "/privacy" — the privacy policy: what Bothy records about the visitors of the sites it measures,
// and about the people who hold an account.
import { Prose } from "../../components/Prose";
import { FREE_HISTORY_DAYS } from "../shared/plans";
import type { Meta } from "./meta";

export const meta: Meta = { head: "privacy", layout: "website", guards: { auth: false } };

export default function PrivacyPage() {
  return (
    <Prose>
      <h1>Privacy policy</h1>
      <p>
        Bothy is web analytics built so that nobody has to be tracked. This page says what we record, why, where it is
        kept and for how long. It covers two groups of people: the visitors of websites that use Bothy, and our customers,
        the people who hold a Bothy account.
      </p>

      <h2>Visitors of websites that use Bothy</h2>
      <p>When a page with the Bothy script loads, the script sends one page view and, when you leave, one short follow-up. They contain:</p>
      <ul>
        <li>the address of the page, without its query string (except <code>utm_</code> campaign tags) and without its fragment;</li>
        <li>the referring website, if your browser shares it;</li>
        <li>the screen width, the browser language and the time zone;</li>
        <li>whether this was a new visit to the site (the referrer is another site and the page was not reloaded);</li>
        <li>how long the page was visible and how many bytes it transferred.</li>
      </ul>
      <p>
        From the user-agent string we derive the browser, operating system and device type, then drop the string. The
        country comes from the time zone, never from the IP address. We store <strong>no IP address</strong>, no
        user-agent string, no cookie, nothing in your browser's storage, and no identifier or hash that could link two
        page views to the same person. Because nothing identifies you, these records are not personal data, and no
        consent banner is needed for them.
      </p>

      <h2>Customers</h2>
      <p>To run your account we keep your name, email address, a hash of your password (argon2id), the websites you add and your settings. If you pay, our payment provider Stripe holds your card; we keep only the customer and subscription identifiers it gives us.</p>
      <p>We send email only about your account: verification, password resets, receipts and, if you turn them on, weekly reports.</p>
      <p>Signed-in pages use one session cookie, which is strictly necessary and expires when you sign out. This website's own analytics run on Bothy itself, with the same rules as above.</p>

      <h2>Where data lives and who sees it</h2>
      <p>
        The hosted service runs on servers in the European Union. We do not sell data, share it with advertisers or
        combine it with other sources. Processors we rely on: the hosting company (EU), Stripe (payments) and our email
        provider. Self-hosted installations keep everything on their owner's servers; we never see it.
      </p>

      <h2>How long we keep it</h2>
      <p>Analytics data is kept for as long as your plan allows (<span data-testid="free-window">{FREE_HISTORY_DAYS} days on the free plan</span>, without limit on Pro) and deleted with the website or the account. Deleting your account removes your data within 30 days, backups included.</p>

      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your account data, correct it, export your analytics, or delete everything from the
        settings page at any time. For anything else, or to complain, write to <a href="mailto:privacy@bothy.dev">privacy@bothy.dev</a>.
        You may also contact your data protection authority.
      </p>
      <p>Last updated: November 2026.</p>
    </Prose>
  );
}
