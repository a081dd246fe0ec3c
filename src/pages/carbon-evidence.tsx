// "/carbon/{domain}" — the evidence behind a site's earned carbon badge: its last full calendar
// month's real-visit figures (visits, bytes and grams of CO2 per visit, the letter), the grid
// intensity and the model they rest on, or that the badge is withdrawn for a month without a
// visit. 404 unless the owner turned the badge on (src/badge).
import { Prose } from "../../components/Prose";
import type { BadgeEvidence } from "../badge";
import { HttpError } from "../http/errors";
import { earnedBadgePath, monthLabel } from "../shared/badge";
import { formatNumber } from "../shared/numbers";
import { formatBytes, formatMass } from "../shared/units";
import type { PageProps } from "../web/page";
import type { Meta } from "./meta";

export const meta: Meta = { head: "carbonEvidence", layout: "website", guards: { auth: false } };

const GREEN: Record<string, string> = { true: "green (The Green Web Foundation's check)", false: "not known to be green", unknown: "not checked yet" };

// NOTE: each figure also carries its unrounded value (<data value>), for whoever checks it against the API.
function Figures({ e }: { e: BadgeEvidence }) {
  const rows: [string, string, string, number | string][] = [
    ["visits", "Visits (page views)", formatNumber(e.visits), e.visits],
    ["bytes", "Data transferred", formatBytes(e.transferredBytes), e.transferredBytes],
    ["bytes-per-visit", "Data per visit", formatBytes(e.bytesPerVisit), e.bytesPerVisit],
    ["co2", "CO2 of all visits", formatMass(e.co2Grams), e.co2Grams],
    ["co2-per-visit", "CO2 per visit", `${Number(e.gramsPerVisit.toPrecision(3))} g`, e.gramsPerVisit],
    ["rating", "Rating", e.rating ?? "none", e.rating ?? ""],
    ["hosting", "Hosting", GREEN[String(e.green)] ?? String(e.green), String(e.green)],
  ];
  return (
    <table data-testid="figures">
      <tbody>
        {rows.map(([id, label, shown, value]) => (
          <tr key={id}>
            <th scope="row">{label}</th>
            <td>
              <data value={value} data-testid={id}>{shown}</data>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default async function CarbonEvidencePage({ params, services }: PageProps) {
  const e = await services.carbonBadge(params.domain ?? "");
  if (!e) throw new HttpError(404, "No such badge");
  const month = monthLabel(e.month, "long");
  const m = e.model;
  return (
    <Prose>
      <h1>The carbon badge of {e.domain}</h1>
      <img src={earnedBadgePath(e.domain)} alt={e.rating ? `${e.rating} for ${month}` : `Withdrawn for ${month}`} height={20} className="!rounded-none" />
      {e.rating ? (
        <p data-testid="verdict">
          In {month}, the real visits of {e.domain} cost {Number(e.gramsPerVisit.toPrecision(3))} g of CO2 each on average, which
          the Sustainable Web Design model rates <strong>{e.rating}</strong> (A+ is the cleanest, F the heaviest).
        </p>
      ) : (
        <p data-testid="verdict">
          <strong>Withdrawn.</strong> No visits of {e.domain} were recorded in {month}, so there is nothing to rate: the badge
          is earned again by the first calendar month with visits.
        </p>
      )}

      <h2>{month}</h2>
      <p>
        The calendar month from {e.startKey} to {e.endKey} in {e.tz}, the website's own time zone. Every figure is the one its
        owner's dashboard shows for that month under Energy &amp; Carbon.
      </p>
      <Figures e={e} />

      <h2>How it is measured</h2>
      <ul data-testid="method">
        <li>
          Each visit is a page view of a real visitor: the page's bytes are the transfer size its browser reports to Bothy, not a
          lab snapshot.
        </li>
        <li>
          CO2 by the {m.model} model, computed with CO2.js ({m.library}) version {m.version}, every visit counted as a first
          visit ({m.kwhPerGb} kWh per GB).
        </li>
        <li>Grid intensity: {m.gridIntensity} g CO2e per kWh, CO2.js's global average, for every segment.</li>
        <li>The badge is re-earned each month: on the first day of a month in {e.tz} it shows the month that has just ended.</li>
      </ul>
    </Prose>
  );
}
