// The tools' own names of devices, browsers and operating systems (GoatCounter, Umami, Plausible,
// Matomo, GA4…), as the collector names them from a user agent (src/collect/useragent.ts), so an
// imported day's lists and the domain's own days name the same thing alike.

/** The tools' device names (lower case), as the collector names devices. */
const DEVICES: Record<string, string> = {
  desktop: "desktop", laptop: "desktop", computer: "desktop", mobile: "mobile", phone: "mobile", smartphone: "mobile",
  phablet: "mobile", "feature phone": "mobile", tablet: "tablet", tv: "smarttv", smarttv: "smarttv", "smart tv": "smarttv",
  console: "console",
};

/** The tools' browser and OS names (versions dropped, lower-cased), as the collector's user-agent reading names them. */
const BROWSERS: Record<string, string> = {
  chrome: "Chrome", crios: "Chrome", "chrome mobile": "Chrome", firefox: "Firefox", fxios: "Firefox", "firefox mobile": "Firefox",
  safari: "Safari", ios: "Safari", "mobile safari": "Safari", "safari (in-app)": "Safari", edge: "Microsoft Edge",
  "edge-chromium": "Microsoft Edge", "edge-ios": "Microsoft Edge", "microsoft edge": "Microsoft Edge", opera: "Opera",
  samsung: "Samsung Internet for Android", "samsung internet": "Samsung Internet for Android",
  "samsung browser": "Samsung Internet for Android", ie: "Internet Explorer", "internet explorer": "Internet Explorer", brave: "Brave",
};
const SYSTEMS: Record<string, string> = {
  "mac os": "macOS", "mac os x": "macOS", macos: "macOS", macintosh: "macOS", mac: "macOS", "os x": "macOS", "android os": "Android",
  android: "Android", ios: "iOS", linux: "Linux", "gnu/linux": "Linux", "chrome os": "Chrome OS", chromeos: "Chrome OS",
  "windows phone": "Windows Phone",
};

/** A tool's browser or OS name as the collector names it; a name it does not know stays as the file has it. */
function named(raw: string | undefined, names: Record<string, string>): string | null {
  const bare = raw?.trim().replace(/\s+v?[\d._]+$/, "");
  if (!bare) return null;
  const key = bare.toLowerCase();
  return names[key] ?? (names === SYSTEMS && /^windows\b(?! phone)/.test(key) ? "Windows" : bare.slice(0, 40));
}

export const browserName = (raw: string | undefined): string | null => named(raw, BROWSERS);
export const osName = (raw: string | undefined): string | null => named(raw, SYSTEMS);
/** A tool's device name as the collector's, or null for one it does not know. */
export const deviceName = (raw: string | undefined): string | null => DEVICES[raw?.trim().toLowerCase() ?? ""] ?? null;
