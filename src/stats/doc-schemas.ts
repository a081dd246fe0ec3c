// The stats answers' shared shapes for the OpenAPI document (/api/docs/json components.schemas):
// a list row, its conversion rates, the lists' row counts and label types, the chart's time points
// and a goal's row, a page's web vitals, as src/shared/stats.ts and src/shared/goals.ts type them.
import type { OpenAPIV3 } from "openapi-types";
import { LIST_TYPES, SOURCE_CLASSES } from "../shared/stats";
import { FUNNEL_RULE } from "../shared/funnels";
import { VITAL_THRESHOLDS, VITALS } from "../shared/vitals";

const rate: OpenAPIV3.SchemaObject = {
  type: "object",
  required: ["value", "parentLabel"],
  properties: {
    value: { type: "number", description: "A fraction (0.025 is 2.5 %)." },
    parentLabel: { type: "string", nullable: true, description: "null for an event; the event's name for one of its values." },
  },
};

export const STATS_SCHEMAS: Record<string, OpenAPIV3.SchemaObject> = {
  ConversionRate: rate,
  ListRow: {
    type: "object",
    required: ["label", "value", "pc", "c"],
    properties: {
      label: { type: "string" },
      value: { type: "number", description: "Page views, or the list's own measure." },
      pc: { type: "number", description: "Share of the list's total, 0–1." },
      c: { type: "number", nullable: true, description: "Change in % against the previous period of equal length; null without a base." },
      children: { type: "array", items: { $ref: "#/components/schemas/ListRow" } },
      direct: { type: "number", description: "Top pages: page views that arrived on the page with no referrer." },
      utm: { type: "number", description: "Top pages: page views of the page that carried a utm_campaign." },
      name: { type: "string", description: "Referrals: the referrer's name from the search, social, AI and mail lists (Google, Gmail, ChatGPT)." },
      totalConversionRate: {
        ...rate,
        description: "Events: the row's count / all page views of the range. No visitor identifier is used.",
      },
      uniqueConversionRate: {
        ...rate,
        description: "Events: the row's count / unique visits of the range (the tracker's once-a-day flag, no identifier); above 1 when an event fires more than once a visit.",
      },
      co2PerConversion: {
        type: "number",
        nullable: true,
        description: "Events: grams of CO2 of all the range's page views / the row's count (no visitor path is kept, so every view counts as leading to it).",
      },
    },
  },
  ListCounts: {
    type: "object",
    additionalProperties: { type: "integer" },
    description: "`count`: each list's rows before the 1,000-row cap, by list name (country, path, result, …).",
  },
  ListTypes: {
    type: "object",
    additionalProperties: { type: "string", enum: [...LIST_TYPES] },
    description:
      "`type`: what each list's labels are, by list name, with `count`'s keys: an ISO country code (country), a language tag " +
      "(language), a browser or system name (browser, os), a path (page: SUMMARY perf, PATH path and energy), an event name " +
      "(event), a referrer host, \"direct\" or \"unknown\" (referrer), a utm_campaign (campaign).",
  },
  TimePoint: {
    type: "object",
    required: ["x", "y"],
    properties: {
      x: { type: "number", description: "The time the point's local hour or day begins, in ms since 1970 (as `start` takes it)." },
      y: { type: "number", description: "Its count." },
    },
  },
  Chart: {
    type: "object",
    required: ["unit", "datasets"],
    description: "SUMMARY `chart`: page views (`views`) and, by day, unique visits (`unique`) as time points; an hour daylight saving skips has none.",
    properties: {
      unit: { type: "string", enum: ["hour", "day"] },
      datasets: {
        type: "array",
        items: {
          type: "object",
          required: ["label", "data"],
          properties: { label: { type: "string", enum: ["views", "unique"] }, data: { type: "array", items: { $ref: "#/components/schemas/TimePoint" } } },
        },
      },
    },
  },
  GoalRow: {
    type: "object",
    required: ["id", "name", "kind", "match", "value", "createdAt", "conversions", "rate", "valueSum", "co2PerConversion", "c"],
    description: "GOALS `goals`, by name (\"locked\" where Events are). No visitor identifier is used: a page goal counts page views, so a reload counts twice; an event goal counts events.",
    properties: {
      id: { type: "integer" },
      name: { type: "string" },
      kind: { type: "string", enum: ["page", "event"] },
      match: { type: "string", description: "page: a path pattern (* any characters but /, ** any characters, a trailing / ignored); event: the event's name." },
      value: { type: "string", nullable: true, description: "Event goals: the one event value that converts; null for any." },
      createdAt: { type: "string", format: "date-time" },
      conversions: { type: "number", description: "page: page views of the matching pages; event: the matching events." },
      rate: { type: "number", description: "conversions / the range's unique visits, a fraction (0 without visits); above 1 when a visit converts twice." },
      valueSum: { type: "number", nullable: true, description: "Event goals: the sum of count × value over the matching values that are numbers; null when none is, and for page goals." },
      co2PerConversion: { type: "number", nullable: true, description: "Grams of CO2 of all the range's page views / conversions; null without a conversion." },
      c: { type: "number", nullable: true, description: "Change of conversions in % against the previous period; null when it had none." },
    },
  },
  FunnelResult: {
    type: "object",
    required: ["id", "name", "steps", "overall"],
    description: `FUNNEL \`funnel\` ("locked" where Events are): the funnel asked by \`funnel\` with each step's figures. ${FUNNEL_RULE}`,
    properties: {
      id: { type: "integer" },
      name: { type: "string" },
      overall: { type: "number", nullable: true, description: "The last step's count / the first's; null when the first is 0." },
      steps: {
        type: "array",
        items: {
          type: "object",
          required: ["goal", "count", "conversion", "dropOff", "grams", "estimate", "c"],
          properties: {
            goal: { type: "object", description: "The step's goal: id, name, kind, match, value (see GoalRow)." },
            count: { type: "number", description: "The first step: its page views or events; a later one: those that came to it straight from the step before, at most that step's count." },
            conversion: { type: "number", nullable: true, description: "count / the step before's count; null for the first step and after a step of 0." },
            dropOff: { type: "number", nullable: true, description: "The step before's count minus this count; null for the first step." },
            grams: { type: "number", nullable: true, description: "Grams of CO2 of the counted page views (their leave beacons' bytes included); null for an event step." },
            estimate: { type: "boolean", description: "The count comes after an event step, through the pages the event was sent on: an estimate." },
            c: { type: "number", nullable: true, description: "Change of count in % against the previous period; null when it had none." },
          },
        },
      },
    },
  },
  VitalFigure: {
    type: "object",
    required: ["p75", "samples", "good", "needsImprovement", "poor"],
    description: `SPEED: one web vital over a set of page views. Rated by Google's thresholds (good up to the first, poor above the second): ${VITALS.map((v) => `${v} ${VITAL_THRESHOLDS[v].join("/")}`).join(", ")} (ms; CLS a score).`,
    properties: {
      p75: { type: "number", nullable: true, description: "The 75th percentile, an observed value (percentile_disc, as CrUX reports); null without any." },
      samples: { type: "integer", description: "Page views that reported this vital." },
      good: { type: "number", description: "Share of them rated good, a fraction." },
      needsImprovement: { type: "number", description: "Share rated needs improvement." },
      poor: { type: "number", description: "Share rated poor." },
    },
  },
  SpeedRow: {
    type: "object",
    required: ["label", "samples", "bytesAvg", "co2PerVisit", ...VITALS],
    description: "SPEED `speed`: a page's web vitals over the range (most measured first), from the tracker's data-vitals.",
    properties: {
      label: { type: "string", description: "The page's path." },
      samples: { type: "integer", description: "Page views that sent vitals." },
      bytesAvg: { type: "number", nullable: true, description: "Bytes per page view (PATH energy's bytesAvg); null where Energy & Carbon is locked or without a page view." },
      co2PerVisit: { type: "number", nullable: true, description: "Grams of CO2 per page view (PATH energy's value); null as bytesAvg." },
      ...Object.fromEntries(VITALS.map((v) => [v, { $ref: "#/components/schemas/VitalFigure" }])),
    },
  },
  SourceClasses: {
    type: "object",
    description: "SUMMARY `source`: page views by class: direct, search, social, email, ai (AI assistants), jobs (job boards), unknown.",
    properties: Object.fromEntries(SOURCE_CLASSES.map((k) => [k, { type: "number" }])),
  },
};
