// Pure wording rules of the inspect view: the percentile sentence and its
// m0/m1/m2 class, the grams and energy figures, the files and blocked-requests summaries. Kept
// apart from the components so unit tests check them without a browser.
import type { FileEntry, HistoryEntry } from "../../src/inspect/client";
import { historyKb, KWH_PER_GB } from "../../src/shared/units";

/** Polling interval and the delay before the loading bar shows. */
export const POLL_MS = 1000;
export const START_DELAY_MS = 200;

export type PercentileClass = "m0" | "m1" | "m2";

/** 0–33 is m0 (green), above 33 m1 (orange), above 66 m2 (red). */
export const percentileClass = (p: number): PercentileClass => (p > 66 ? "m2" : p > 33 ? "m1" : "m0");

/**
 * `p` is the share of websites lighter than this page (0–100). Below 50 the page is cleaner than
 * the other 100 − p %; from 50 on it is dirtier than p %. The figure is rounded down and kept
 * at 99 at most, so the sentence never claims more than the table says: a page below the
 * table's lightest point is not cleaner than every website there is.
 */
export function percentileSentence(p: number, rating?: string): { text: string; figure: number; cleaner: boolean } {
  const cleaner = p < 50;
  const figure = Math.min(99, Math.floor(cleaner ? 100 - p : p));
  const compared = `than ${figure}% of websites`;
  return { text: rating ? `Rated ${rating}: ${cleaner ? "cleaner" : "dirtier"} ${compared}` : `${cleaner ? "Cleaner" : "Dirtier"} ${compared}`, figure, cleaner };
}

/** Grams with enough digits to tell small pages apart: 0.0123 g, 0.41 g, 12.3 g, 1.2 kg. */
export function formatGrams(grams: number): string {
  if (grams >= 1000) return `${(grams / 1000).toPrecision(3)} kg`;
  if (grams === 0) return "0 g";
  return `${Number(grams.toPrecision(grams < 1 ? 2 : 3))} g`;
}

/** Watt-hours per visit from the bytes (SWD v4 intensity), for the energy history. */
export const whPerVisit = (bytes: number): number => (bytes / 1e9) * KWH_PER_GB * 1000;

/** `label`: the run's rating letter, drawn above its point (energy only). */
export type ChartPoint = { x: Date; y: number; label?: string };

/** The two history series: energy in Wh per visit and page size in kB (bytes / 1024). */
export function historySeries(history: readonly HistoryEntry[]): { energy: ChartPoint[]; size: ChartPoint[] } {
  return {
    energy: history.map((h) => ({ x: new Date(h.timestamp), y: whPerVisit(h.bytes), label: h.rating })),
    size: history.map((h) => ({ x: new Date(h.timestamp), y: historyKb(h.bytes) })),
  };
}

export const FILE_GROUP_LABELS = {
  images: "Images",
  scripts: "Scripts",
  html: "HTML",
  styles: "Styles",
  fonts: "Fonts",
  videos: "Videos",
  other: "Other",
} as const;

export type FileGroupName = keyof typeof FILE_GROUP_LABELS;

/** Each group with its count and total bytes, largest files first, in the inspect view's order. */
export function fileGroups(files: Partial<Record<FileGroupName, FileEntry[]>>) {
  return (Object.keys(FILE_GROUP_LABELS) as FileGroupName[]).map((name) => {
    const entries = [...(files[name] ?? [])].sort((a, b) => b.bytes - a.bytes);
    return { name, label: FILE_GROUP_LABELS[name], count: entries.length, bytes: entries.reduce((s, f) => s + f.bytes, 0), entries };
  });
}

/** Tracker hosts by request count, most first. */
export const blockedList = (blocked: Record<string, number>) =>
  Object.entries(blocked)
    .map(([host, count]) => ({ host, count }))
    .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host));

export const blockedTotal = (blocked: Record<string, number>) => Object.values(blocked).reduce((s, n) => s + n, 0);

/** "21 Nov 2026, 14:05": the date of a cached result, in the visitor's time zone. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** A URL cut after its separators ("/", "?", "&", "=", "#", ".", "-", "_"): the places a long URL
 * may wrap at, so a line never ends inside a word. */
export const urlParts = (url: string): string[] => url.match(/[^/?&=#._-]*(?:[/?&=#._-]+|$)/g)!.filter(Boolean);
