// The site's carbon.txt (https://carbontxt.org) beside the Green Web Foundation's verdict: what the
// site claims of itself (its disclosures, linked) and of the providers it runs on. A claim is the
// site's own word, so the words say so; only http(s) links are rendered, never followed for rank.
import { httpLink } from "../../src/shared/links";
import type { Answer } from "./InspectResult";

/** A site's carbon.txt as the inspector stored it. */
export type CarbonTxtAnswer = NonNullable<NonNullable<Answer["result"]["detail"]>["carbonTxt"]>;

const BOX = "mt-6 rounded-xl border border-gray-200 p-4 text-gray-700 dark:border-gray-800 dark:text-gray-300";
const link = "font-medium break-words text-blue-700 underline hover:text-blue-900 dark:text-blue-300";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** `box`: the claims' frame, the inspector result's card unless the page gives its own. */
export function CarbonTxtClaims({ claims, box = BOX }: { claims: CarbonTxtAnswer | null | undefined; box?: string }) {
  // NOTE: results stored before carbon.txt was read have none: nothing is said rather than "none".
  if (!claims) return null;
  if (claims.status !== "found") {
    const said =
      claims.status === "invalid" ? `carbon.txt: found but not readable (${claims.message})`
      : claims.status === "unreachable" ? `carbon.txt: could not be fetched (${claims.message})`
      : "carbon.txt: no carbon.txt";
    return <p className={box} data-testid="carbon-txt">{said}. <CarbonTxtAbout /></p>;
  }
  const { disclosures, services } = claims;
  return (
    <div className={box} data-testid="carbon-txt">
      <p>
        carbon.txt: found — {plural(disclosures.length, "disclosure")}
        {services.length ? `, ${plural(services.length, "upstream provider")}` : ""}. These are the site&apos;s own claims.{" "}
        <CarbonTxtAbout />
      </p>
      {disclosures.length > 0 && (
        <ul className="mt-2 list-disc pl-6" data-testid="carbon-txt-disclosures">
          {disclosures.map((d, i) => {
            // NOTE: checked again here: the stored URL is the site's own text.
            const href = httpLink(d.url);
            return (
              <li key={i} className="break-words">
                {href ? <a href={href} rel="nofollow noopener noreferrer" className={link}>{d.docType}</a> : d.docType}
                {d.domain ? ` (${d.domain})` : ""}
                {d.validUntil ? `, valid until ${d.validUntil}` : ""}
              </li>
            );
          })}
        </ul>
      )}
      {services.length > 0 && (
        <p className="mt-2 break-words" data-testid="carbon-txt-services">
          Upstream providers: {services.map((s) => (s.serviceType ? `${s.domain} (${s.serviceType})` : s.domain)).join(", ")}
        </p>
      )}
    </div>
  );
}

function CarbonTxtAbout() {
  return <a href="https://carbontxt.org" rel="nofollow noopener noreferrer" className={link}>What is carbon.txt?</a>;
}
