// Which crawler a user agent is: the operators' own product tokens (each operator documents its
// crawlers' tokens and what they crawl for), else "Other bots" for what isbot and the tools'
// patterns call a bot (parseAgent), else none: a person's browser. First match wins, so a token
// that contains another's comes before it.
import { OTHER_BOTS, type CrawlerPurpose } from "../shared/crawlers";
import { parseAgent } from "./useragent";

type Crawler = { crawler: string; operator: string; purpose: CrawlerPurpose };

/** [token as the crawler sends it, operator, purpose]; matched as a whole word, case-insensitive. */
const KNOWN: [string, string, CrawlerPurpose][] = [
  ["GPTBot", "OpenAI", "training"],
  ["OAI-SearchBot", "OpenAI", "search"],
  ["ChatGPT-User", "OpenAI", "assistant"],
  ["ClaudeBot", "Anthropic", "training"],
  ["anthropic-ai", "Anthropic", "training"],
  ["Claude-SearchBot", "Anthropic", "search"],
  ["Claude-User", "Anthropic", "assistant"],
  ["Claude-Web", "Anthropic", "assistant"],
  ["Google-CloudVertexBot", "Google", "training"],
  ["GoogleOther", "Google", "other"],
  ["Google-InspectionTool", "Google", "other"],
  ["AdsBot-Google", "Google", "other"],
  ["Storebot-Google", "Google", "search"],
  ["Googlebot", "Google", "search"],
  ["PerplexityBot", "Perplexity", "search"],
  ["Perplexity-User", "Perplexity", "assistant"],
  ["meta-externalagent", "Meta", "training"],
  ["meta-externalfetcher", "Meta", "assistant"],
  ["FacebookBot", "Meta", "training"],
  ["facebookexternalhit", "Meta", "other"],
  ["Bytespider", "ByteDance", "training"],
  ["CCBot", "Common Crawl", "training"],
  ["Applebot", "Apple", "search"],
  ["bingbot", "Microsoft", "search"],
  ["BingPreview", "Microsoft", "other"],
  ["Amazonbot", "Amazon", "training"],
  ["DuckAssistBot", "DuckDuckGo", "assistant"],
  ["DuckDuckBot", "DuckDuckGo", "search"],
  ["MistralAI-User", "Mistral", "assistant"],
  ["cohere-training-data-crawler", "Cohere", "training"],
  ["cohere-ai", "Cohere", "training"],
  ["YouBot", "You.com", "search"],
  ["Diffbot", "Diffbot", "training"],
  ["AI2Bot", "Allen Institute for AI", "training"],
  ["Timpibot", "Timpi", "training"],
  ["omgili", "Webz.io", "training"],
  ["ImagesiftBot", "ImageSift", "training"],
  ["YandexBot", "Yandex", "search"],
  ["Baiduspider", "Baidu", "search"],
  ["PetalBot", "Huawei", "search"],
  ["AhrefsBot", "Ahrefs", "other"],
  ["SemrushBot", "Semrush", "other"],
  ["MJ12bot", "Majestic", "other"],
  ["DotBot", "Moz", "other"],
  ["Twitterbot", "X", "other"],
  ["Slackbot", "Slack", "other"],
];

// NOTE: one alternation, as isbot does: a log of a million lines asks this once a line.
const escaped = KNOWN.map(([token]) => token.replace(/[-.*+?^${}()|[\]\\]/g, "\\$&"));
// NOTE: a token ends where a word does, or at a dash: Googlebot-Image is Googlebot.
const PATTERN = new RegExp(`(?<![\\w-])(${escaped.join("|")})(?!\\w)`, "i");
const BY_TOKEN = new Map(KNOWN.map(([token, operator, purpose]) => [token.toLowerCase(), { crawler: token, operator, purpose }]));

/** The crawler behind `ua`, or null for a person's browser. No user agent at all is a bot. */
export function crawlerOf(ua: string | null): Crawler | null {
  const known = ua ? PATTERN.exec(ua) : null;
  if (known) return BY_TOKEN.get(known[1]!.toLowerCase())!;
  return parseAgent(ua).bot ? { crawler: OTHER_BOTS, operator: OTHER_BOTS, purpose: "other" } : null;
}

/** The operator and purpose of a crawler by the name stored for it; any name no list has is one of the other bots. */
export const crawlerNamed = (name: string): Crawler =>
  BY_TOKEN.get(name.toLowerCase()) ?? { crawler: name, operator: OTHER_BOTS, purpose: "other" };
