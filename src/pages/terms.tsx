// "/terms" — the terms of service for the hosted service.
import { Prose } from "../../components/Prose";
import { DOWNGRADE_GRACE_DAYS, FREE_DOMAIN_LIMIT, FREE_HISTORY_DAYS } from "../shared/plans";
import type { Meta } from "./meta";

export const meta: Meta = { head: "terms", layout: "website", guards: { auth: false } };

export default function TermsPage() {
  return (
    <Prose>
      <h1>Terms of service</h1>
      <p>These terms apply when you create a Bothy account or use the hosted service. Using the service means you accept them. The software itself is also available under its open source licence for you to run yourself; these terms do not cover self-hosted copies.</p>

      <h2>Your account</h2>
      <ul>
        <li>You must give a working email address and keep your password to yourself. You are responsible for what happens under your account.</li>
        <li>You may only add websites that you own or are allowed to measure.</li>
        <li>One person or organisation per free account; do not split a site across accounts to stay under a limit.</li>
      </ul>

      <h2>Acceptable use</h2>
      <p>Do not use Bothy to collect personal data it is designed not to collect, for example by putting names or email addresses in page addresses or event names. Do not send fake traffic, probe or overload the service, or use the page inspector against sites you may not test.</p>

      <h2>Plans and payment</h2>
      <ul>
        <li data-testid="free-window">The free plan measures up to {FREE_DOMAIN_LIMIT} websites and keeps {FREE_HISTORY_DAYS} days of data. When a Pro plan ends, your websites keep all of their data for {DOWNGRADE_GRACE_DAYS} more days before the free plan's window applies.</li>
        <li>Pro is billed monthly or yearly in advance, by the number of visits you expect. You can change or cancel at any time from your settings; a cancellation takes effect at the end of the period you paid for.</li>
        <li>If your websites get more visits in a month than your plan's tier, we tell you and suggest the next tier. We never stop counting.</li>
        <li>We give 1% of every purchase to remove carbon dioxide from the atmosphere.</li>
      </ul>

      <h2>Your data</h2>
      <p>The analytics data of your websites belongs to you. You can export it at any time and delete it with the website. We process it only to provide the service, as described in our <a href="/privacy">privacy policy</a>.</p>

      <h2>Availability and changes</h2>
      <p>We work to keep Bothy available and fast but do not promise it will never be down. We may change features or these terms; for changes that matter we will email you at least 30 days ahead. If you disagree, you may cancel and export your data.</p>

      <h2>Liability</h2>
      <p>The service is provided as it is. As far as the law allows, our liability for any claim is limited to what you paid us in the twelve months before it. Nothing here limits rights you have as a consumer.</p>

      <h2>Ending the agreement</h2>
      <p>You may delete your account whenever you like. We may suspend or close accounts that break these terms, after a warning where that is reasonable.</p>

      <p>Questions: <a href="mailto:hello@bothy.dev">hello@bothy.dev</a>. Last updated: November 2026.</p>
    </Prose>
  );
}
