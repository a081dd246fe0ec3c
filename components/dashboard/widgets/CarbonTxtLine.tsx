"use client";
// The site's carbon.txt under the green-hosting message: the claims the page inspector read with
// the home page's newest inspection (GET /api/carbon-txt reads the stored result; nothing is fetched
// from the site on a dashboard load), or, never read, a link to inspect the home page, which reads it.
import { useEffect, useState } from "react";
import { CarbonTxtClaims, type CarbonTxtAnswer } from "../../inspect/CarbonTxtClaims";
import { api } from "../../forms/api";

type Stored = { carbonTxt: CarbonTxtAnswer | null; checkedAt: string | null };

const BOX = "mt-2 text-xs text-gray-600 dark:text-gray-400";
const LINK = "font-medium text-blue-700 underline hover:text-blue-900 dark:text-blue-300";

export function CarbonTxtLine({ domain }: { domain: string }) {
  const [stored, setStored] = useState<Stored>();
  const home = `https://${domain}/`;
  useEffect(() => {
    let current = true;
    void api<Stored>("GET", `/api/carbon-txt?url=${encodeURIComponent(home)}`).then((r) => {
      // NOTE: an answer that is not the claims' (not JSON, a failed read) says nothing rather than "none".
      if (current && r.ok && r.data) setStored({ carbonTxt: r.data.carbonTxt ?? null, checkedAt: r.data.checkedAt ?? null });
    });
    return () => {
      current = false;
    };
  }, [home]);
  if (!stored) return null;
  if (!stored.carbonTxt) {
    return (
      <p className={BOX} data-testid="carbon-txt">
        carbon.txt: not read yet.{" "}
        <a className={LINK} href={`/how-green-is-your-website?url=${encodeURIComponent(home)}`}>Inspect the home page</a> to read the claims {domain} publishes about its hosting.
      </p>
    );
  }
  return <CarbonTxtClaims claims={stored.carbonTxt} box={BOX} />;
}
