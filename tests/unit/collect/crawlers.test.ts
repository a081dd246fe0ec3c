// Which crawler a user agent is: operators' tokens as their crawlers send them (with a version, a
// dash suffix, any case), the purpose each operator gives, "Other bots" for the bots no list names,
// and no crawler for a person's browser.
import { describe, expect, test } from "bun:test";
import { crawlerNamed, crawlerOf } from "../../../src/collect";

describe("crawlerOf", () => {
  test.each([
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot", "OpenAI", "training"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot", "OAI-SearchBot", "OpenAI", "search"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ChatGPT-User", "OpenAI", "assistant"],
    ["Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)", "Claude-SearchBot", "Anthropic", "search"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot", "Anthropic", "training"],
    ["Googlebot-Image/1.0", "Googlebot", "Google", "search"],
    ["Mozilla/5.0 (compatible; Google-CloudVertexBot; +https://cloud.google.com)", "Google-CloudVertexBot", "Google", "training"],
    ["meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "meta-externalagent", "Meta", "training"],
    ["Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)", "Bytespider", "ByteDance", "training"],
    ["CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot", "Common Crawl", "training"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "PerplexityBot", "Perplexity", "search"],
    ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot", "Microsoft", "search"],
    ["curl/8.5.0", "Other bots", "Other bots", "other"],
    [null, "Other bots", "Other bots", "other"],
  ])("%s", (ua, crawler, operator, purpose) => {
    expect(crawlerOf(ua) as object | null).toEqual({ crawler, operator, purpose });
  });

  test("a person's browser is no crawler, and a token inside another word is not one", () => {
    expect(crawlerOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")).toBeNull();
    expect(crawlerOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 NotGPTBotAtAll")).toBeNull();
  });

  test("a stored name reads back its operator and purpose; a name no list has is one of the other bots", () => {
    expect(crawlerNamed("GPTBot")).toEqual({ crawler: "GPTBot", operator: "OpenAI", purpose: "training" });
    expect(crawlerNamed("RetiredBot")).toEqual({ crawler: "RetiredBot", operator: "Other bots", purpose: "other" });
  });
});
