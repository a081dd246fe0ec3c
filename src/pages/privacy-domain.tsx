// "/privacy/{domain}" — the privacy notice a site owner links to from their own site: what Bothy
// records for that domain (from the `hits` columns, src/hits/fields.ts), that none of it is
// personal, how long its plan keeps and shows it, where it lives, and that there is no cookie.
// 404 for a domain without a notice (unknown, unverified, or its owner did not turn it on).
import { Prose } from "../../components/Prose";
import { HIT_FIELDS } from "../hits";
import { HttpError } from "../http/errors";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "privacyDomain", layout: "website", guards: { auth: false } };

const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);

export default async function PrivacyDomainPage({ params, origin, services }: PageProps) {
  const notice = await services.privacyNotice(params.domain ?? "");
  if (!notice) throw new HttpError(404, "No such privacy notice");
  const { domain, deletedAfterDays, shownDays } = notice;
  return (
    <Prose>
      <h1>How {domain} counts its visitors</h1>
      <p>
        {domain} measures its visits with Bothy, web analytics built so that nobody is tracked. Its owner publishes this
        notice to tell you exactly what is recorded when you view one of its pages. In short: nothing that identifies
        you, no cookie, and no consent is needed.
      </p>

      <h2>What is recorded</h2>
      <p>Each page view, the moment you leave a page, and each event the website defines is one record with:</p>
      <ul data-testid="fields">
        {HIT_FIELDS.map((f) => (
          <li key={f.columns.join()}>{f.what}</li>
        ))}
      </ul>

      <h2>What is not recorded</h2>
      <p>
        No IP address, no user-agent string, no cookie, nothing written to your browser's storage, and no identifier,
        fingerprint or hash that could link two page views to the same person. None of the records above is personal
        data: neither alone nor together can they tell who you are or follow you from one visit to the next.
      </p>

      <h2>Cookies</h2>
      <p>
        Bothy sets no cookie on {domain} and reads none. That is why this website needs no consent banner for its
        statistics.
      </p>

      <h2>How long records are kept</h2>
      <p data-testid="retention">
        {deletedAfterDays === null
          ? `Records are kept until the owner of ${domain} removes the website from Bothy or closes their account; then they are deleted.`
          : `Records are deleted after ${days(deletedAfterDays)}, and all of them when the owner of ${domain} removes the website from Bothy.`}
        {shownDays !== null && ` The owner's plan shows them the last ${days(shownDays)}.`}
      </p>

      <h2>Where the data lives</h2>
      <p>
        The records are stored by the Bothy service at {new URL(origin).host}, which the owner of {domain} uses. The hosted
        Bothy service runs on servers in the European Union; a self-hosted Bothy keeps them on its owner's servers. They
        are not sold, not shared with advertisers and not combined with other data.
      </p>

      <h2>Questions</h2>
      <p>
        Ask the owner of {domain} about their website. How Bothy itself handles data is in <a href="/privacy">Bothy's
        privacy policy</a>.
      </p>
    </Prose>
  );
}
