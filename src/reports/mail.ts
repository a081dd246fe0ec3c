// The weekly report mail (plain text and HTML with the same words) and the confirmation mail of an
// added address. NOTE: the HTML is hand-written, not React Email or MJML: mail clients want nested
// tables and inline styles, and a dozen rows of them are shorter written out than a new dependency
// and its build step; the product's number wordings (src/shared/numbers.ts) word every number as the dashboard does.
// Paths and sources are what visitors sent: each goes through visitorText (one line, short, no link).
// Changes are coloured by their meaning (src/shared/change.ts), as the dashboard colours them.
import { compose, escape, visitorText, type Mail } from "../mail";
import { changeTone, type ChangeMetric, type ChangeTone } from "../shared/change";
import { formatChange, formatDuration, formatNumber, formatPercent, formatPoints, formatRough } from "../shared/numbers";
import { formatMass } from "../shared/units";
import { NO_VISITS, visitRating } from "../shared/rating";
import { utcMidnight } from "../shared/days";
import type { ListRow } from "../shared/stats";
import type { MaybeWeekOnWeek, Report } from "./content";

type ReportLinksOf = { dashboard: string; unsubscribe: string };

const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const day = (key: string) => DAY.format(utcMidnight(key));

const sourceLabel = (label: string) => (label === "direct" ? "Direct / none" : label === "unknown" ? "Unknown" : visitorText(label));

/** `tone`: what the change means, for its colour in the HTML part (none without a change). */
type Line = { label: string; value: string; change: string; tone?: ChangeTone };

/** A change against the week before, worded (in % unless told) and with its meaning for `metric`. */
const changed = (metric: ChangeMetric, c: number | null, word: (c: number) => string = formatChange): Pick<Line, "change" | "tone"> =>
  c === null || !Number.isFinite(c) ? { change: "" } : { change: word(c), tone: changeTone(metric, c) };

function figures(r: Report): Line[] {
  const maybe = (f: MaybeWeekOnWeek, word: (n: number) => string): Pick<Line, "value"> => ({ value: f.now === null ? "n/a" : word(f.now) });
  return [
    { label: "Page views", value: formatNumber(r.views.now), ...changed("views", r.views.change) },
    { label: "Unique visits", value: formatNumber(r.unique.now), ...changed("unique", r.unique.change) },
    { label: "Bounce rate", ...maybe(r.bounceRate, (n) => `${Math.round(n)}%`), ...changed("bounce", r.bounceRate.change, formatPoints) },
    { label: "Attention (avg. time on page)", ...maybe(r.attention, formatDuration), ...changed("timeOnPage", r.attention.change) },
  ];
}

function carbonLines(r: Report): Line[] {
  const c = r.carbon;
  if (!c) return [];
  return [
    { label: "CO\u2082 emitted", value: `${formatMass(c.co2Grams)} \u2248 ${formatRough(c.carKm)} km by car`, ...changed("co2", c.change) },
    // NOTE: energy is CO2 by one factor: more is bad news, as the dashboard's energy list says.
    { label: "Energy used", value: `${c.kwh.toPrecision(2)} kWh \u2248 ${formatRough(c.streamingHours)} hours of video streaming`, ...changed("co2", c.kwhChange) },
    { label: "Rating (SWD v4)", value: visitRating(c.visits, c.rating) === null ? NO_VISITS : `${c.rating}: ${c.gramsPerVisit.toPrecision(2)} g of CO\u2082 per visit`, change: "" },
  ];
}

const rowLine = (row: ListRow, label: string): Line => ({ label, value: `${formatNumber(row.value)} views`, ...changed("views", row.c) });
const pageLines = (r: Report) => r.pages.map((p) => rowLine(p, visitorText(p.label)));
const sourceLines = (r: Report) => r.sources.map((s) => rowLine(s, sourceLabel(s.label)));
// NOTE: a goal's name is the owner's, yet it goes to every recipient: as inert as a visitor's text.
// The rate is the conversion rate (over unique visits) and the change the conversions', as on the
// dashboard; a narrow column breaks the figure at its "·", never between a rate and its word.
const goalLines = (r: Report): Line[] =>
  r.goals.map((g) => ({
    label: visitorText(g.name),
    value: `${formatNumber(g.conversions)} ${g.conversions === 1 ? "conversion" : "conversions"} \u00b7 ${formatPercent(g.rate)}\u00a0rate`,
    ...changed("conversions", g.c),
  }));
const withChange = (l: Line) => `${l.label}: ${l.value}${l.change ? ` (${l.change})` : ""}`;

function text(r: Report, links: ReportLinksOf, period: string): string {
  const list = (title: string, lines: Line[]) => [title, ...(lines.length ? lines.map((l, i) => `${i + 1}. ${withChange(l)}`) : ["No data for this week."])].join("\n");
  return [
    `Weekly report for ${r.domain}`,
    period,
    `${figures(r).map(withChange).join("\n")}\n(changes against the week before)`,
    list("Top pages", pageLines(r)),
    list("Top sources", sourceLines(r)),
    ...(r.carbon ? [["Carbon & energy", ...carbonLines(r).map(withChange)].join("\n")] : []),
    ...(r.goals.length ? [["Goals", ...goalLines(r).map(withChange)].join("\n")] : []),
    `Open the dashboard: ${links.dashboard}`,
    `Unsubscribe from these reports: ${links.unsubscribe}`,
    "— Bothy",
  ].join("\n\n");
}

const GREY = "#6b7280";
const MUTED = `color:${GREY};font-size:13px`;
const CELL = "padding:6px 0;border-bottom:1px solid #e5e7eb;font-size:14px;color:#111827";
/** The dashboard's green-700 and red-700: at least 4.5:1 on white at the change's 13 px. */
const TONE_COLOUR: Record<ChangeTone, string> = { good: "#15803d", bad: "#b91c1c", neutral: GREY };
const changeCell = (tone: ChangeTone = "neutral") =>
  `padding:6px 0 6px 12px;border-bottom:1px solid #e5e7eb;white-space:nowrap;font-size:13px;color:${TONE_COLOUR[tone]}`;
// NOTE: one set of column widths for every table, fixed, so the figures and changes of the
// tables stand in the same columns whatever their labels' lengths.
const COLUMNS = `<colgroup><col width="46%" style="width:46%"><col width="38%" style="width:38%"><col width="16%" style="width:16%"></colgroup>`;

function htmlTable(title: string, lines: Line[]): string {
  const rows = lines.length
    ? lines
        .map(
          (l) =>
            `<tr><td style="${CELL};overflow-wrap:anywhere">${escape(l.label)}</td><td align="right" style="${CELL}">${escape(l.value)}</td>` +
            `<td align="right" style="${changeCell(l.tone)}">${escape(l.change)}</td></tr>`,
        )
        .join("")
    : `<tr><td colspan="3" style="${changeCell()}">No data for this week.</td></tr>`;
  return `<h2 style="font-size:16px;margin:24px 0 8px;color:#111827">${escape(title)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;table-layout:fixed">${COLUMNS}${rows}</table>`;
}

function html(r: Report, links: ReportLinksOf, period: string): string {
  return `<!doctype html><html><body style="margin:0;padding:0;background:#f3f4f6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px"><tr><td style="padding:24px;font-family:Arial,Helvetica,sans-serif;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 4px;color:#111827">Weekly report for ${escape(r.domain)}</h1>
<p style="margin:0;${MUTED}">${escape(period)} · changes against the week before</p>
${htmlTable("This week", figures(r))}
${htmlTable("Top pages", pageLines(r))}
${htmlTable("Top sources", sourceLines(r))}
${r.carbon ? htmlTable("Carbon & energy", carbonLines(r)) : ""}
${r.goals.length ? htmlTable("Goals", goalLines(r)) : ""}
<p style="margin:24px 0 0"><a href="${escape(links.dashboard)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px">Open the dashboard</a></p>
<p style="margin:24px 0 0;${MUTED}">You get this mail because weekly reports are on for ${escape(r.domain)}. <a href="${escape(links.unsubscribe)}" style="color:#6b7280">Unsubscribe</a></p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export function reportMail(to: string, r: Report, links: ReportLinksOf): Mail {
  const period = `${day(r.startKey)} – ${day(r.endKey)}`;
  return {
    to,
    subject: `${r.domain}: your week on Bothy (${day(r.startKey)})`,
    text: text(r, links, period),
    html: html(r, links, period),
    // NOTE: RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" to this URL.
    headers: { "List-Unsubscribe": `<${links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** To an address the owner added: nothing is sent to it until it confirms. NOTE: no text the owner
 * chose besides the domain's name, which is theirs to prove, so the mail cannot carry their message. */
export function confirmMail(to: string, domain: string, link: string): Mail {
  const lines = [
    `The owner of ${domain} on Bothy would like to send this address a weekly report of the site's visits and carbon.`,
    "Nothing is sent until you confirm. If you do not want these reports, ignore this mail.",
  ];
  return compose(to, `Confirm weekly reports for ${domain}`, lines, { label: "Confirm weekly reports", link });
}
