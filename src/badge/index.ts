// The earned carbon badge room: GET /badge/{domain}.svg, an embeddable badge of the site's real-visit
// SWD v4 rating for its last full calendar month (in its own time zone), and the figures behind it
// for the public evidence page /carbon/{domain} (src/pages/carbon-evidence.tsx, through
// `badgeEvidence`). Both exist only for a domain whose owner turned the badge on (`domains.carbon_badge`,
// set through the domains room) while its plan unlocks Energy & Carbon; anything else is a 404. A
// month without a visit withdraws the badge: the SVG answers a grey "withdrawn" badge (an embedding
// page still shows an image) and the evidence page says so.
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { siteByName } from "../domains";
import { HttpError } from "../http/errors";
import { earnedBadgePath, evidencePath } from "../shared/badge";
import { statsService } from "../stats";
import { readEvidence, type BadgeEvidence } from "./evidence";
import { earnedBadgeSvg } from "./svg";

export type { BadgeEvidence } from "./evidence";

const NO_BADGE = "No such badge";
// NOTE: a crowd of embeds asking while a read runs shares that read's answer, up to a minute old;
// the month's figures are sealed, so they cannot be staler than that.
const SHARED_READ_MS = 60_000;
const SVG_FILE = "^[^/]{1,253}\\.svg$";

/** A domain's badge figures for its last full month, or null when it shows no badge (unknown, off, or a plan without Energy & Carbon). */
export const badgeEvidence = (ctx: Pick<AppContext, "config" | "db">) => {
  const stats = statsService(ctx);
  return async (name: string, now = Date.now()): Promise<BadgeEvidence | null> => {
    const domain = await siteByName(ctx.db.sql, name.toLowerCase());
    if (!domain?.carbonBadge || !(await stats.unlocked(domain))) return null;
    return readEvidence((q) => stats.answer(domain, q, false, undefined, SHARED_READ_MS), domain, now);
  };
};

export const badgeRoom = (ctx: AppContext) => {
  const evidence = badgeEvidence(ctx);
  return new Elysia({ name: "badge" }).get(
    "/badge/:file",
    async ({ params }) => {
      const found = await evidence(params.file.slice(0, -".svg".length));
      if (!found) throw new HttpError(404, NO_BADGE);
      return new Response(earnedBadgeSvg(found, `${ctx.origin.value}${evidencePath(found.domain)}`), {
        headers: {
          "content-type": "image/svg+xml; charset=utf-8",
          // NOTE: the figure changes once a month; six hours lets a badge turned off (or a new
          // month) show within the day while embeds cost a read a few times a day.
          "cache-control": "public, max-age=21600",
          "x-content-type-options": "nosniff",
        },
      });
    },
    { params: t.Object({ file: t.String({ pattern: SVG_FILE, error: `A badge's address is ${earnedBadgePath("example.com")}.` }) }) },
  );
};
