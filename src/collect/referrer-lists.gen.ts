// Build step: turns Matomo's CC0 referrer lists (searchengine-and-social-list: SearchEngines.yml,
// Socials.yml, AIAssistants.yml) into src/collect/referrer-lists.json, the compact
// class → label → hosts table referrers.ts classifies with. Run it when the lists are updated:
//   node_modules/.bin/bun src/collect/referrer-lists.gen.ts [folder of the .yml files]
// (default: ../shared/data/referrers beside the repository).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { CC_END, CC_START } from "./referrer-hosts";

const ROOT = join(import.meta.dir, "..", "..");
const FROM = process.argv[2] ?? join(ROOT, "..", "shared", "data", "referrers");
const OUT = join(import.meta.dir, "referrer-lists.json");

type Lists = Record<"ai" | "social" | "search", Record<string, string[]>>;

// NOTE: Matomo counts these as search only when the URL carries a query parameter; referrers
// have carried only the origin for years, so the bare host would class a news site as a search engine.
const NOT_SEARCH = new Set(["cnn.com", "fastweb.it"]);

/** A list entry as referrers.ts looks it up: lower case, no "www.", an app link as its package id. */
function normalise(entry: string): string | null {
  let e = entry.trim().toLowerCase().replace(/^www\./, "").replace(/\/$/, "");
  // "android-app//com.google.android.googlequicksearchbox/https/www.google.com": the package id is listed too.
  if (e.startsWith("android-app//")) e = e.slice("android-app//".length).split("/")[0]!;
  if (!e || NOT_SEARCH.has(e)) return null;
  return e;
}

/**
 * The "{}" forms of hosts listed under two or more country endings or country subdomains: the lists
 * name pinterest.de, .fr and .co.uk but not .it or .com.mx, which are Pinterest all the same.
 */
function countryForms(hosts: string[]): string[] {
  const counts = new Map<string, number>();
  for (const h of hosts) {
    const forms = [h.replace(CC_END, ".{}"), h.replace(CC_START, "{}.")].filter((f) => f !== h && f !== ".{}" && f.includes("."));
    for (const f of new Set(forms)) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  return [...counts].filter(([form, n]) => n >= 2 && !hosts.includes(form)).map(([form]) => form);
}

function add(out: Record<string, string[]>, seen: Set<string>, label: string, hosts: string[]) {
  const listed = [...new Set(hosts.map(normalise).filter((h): h is string => h !== null))];
  const kept = [...listed, ...countryForms(listed)].filter((h) => !seen.has(h));
  if (!kept.length) return;
  kept.forEach((h) => seen.add(h));
  out[label] = [...(out[label] ?? []), ...kept];
}

const read = (file: string) => parse(readFileSync(join(FROM, file), "utf8")) as Record<string, unknown>;

function build(): Lists {
  const lists: Lists = { ai: {}, social: {}, search: {} };
  // TRICKY: a host in two lists keeps the first class: an AI assistant (you.com, perplexity.ai) is
  // listed as a search engine too, and x.com/i/grok under a social host.
  const seen = new Set<string>();
  for (const [name, hosts] of Object.entries(read("AIAssistants.yml"))) add(lists.ai, seen, name, hosts as string[]);
  for (const [name, hosts] of Object.entries(read("Socials.yml"))) add(lists.social, seen, decodeURIComponent(name), hosts as string[]);
  for (const [name, groups] of Object.entries(read("SearchEngines.yml"))) {
    for (const g of groups as { urls: string[] }[]) add(lists.search, seen, name, g.urls);
  }
  return lists;
}

const header = {
  source: "matomo-org/searchengine-and-social-list@3b3a82dc83cd146abe17aafe31254de1c25f7844 (2026-07-15)",
  licence: "CC0-1.0: the lists are dedicated to the public domain by the Matomo project",
  generated: "by src/collect/referrer-lists.gen.ts; do not edit by hand",
};
const lists = build();
// One label per line: small diffs when the lists change.
const body = (Object.keys(lists) as (keyof Lists)[]).map((cls) => {
  const rows = Object.entries(lists[cls]).map(([label, hosts]) => `    ${JSON.stringify(label)}: ${JSON.stringify(hosts)}`);
  return `  ${JSON.stringify(cls)}: {\n${rows.join(",\n")}\n  }`;
});
const head = Object.entries(header).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
writeFileSync(OUT, `{\n${[...head, ...body].join(",\n")}\n}\n`);
console.log(`wrote ${OUT}: ${Object.values(lists).reduce((n, l) => n + Object.values(l).flat().length, 0)} hosts`);
