// GET /api/get-tweet: the social-post wall of the dashboard embeds the posts that sent
// visitors through an oEmbed provider (config OEMBED_API_BASE, asked at {base}/oembed). Only links
// to public posts on x.com / twitter.com are passed on, so this is never an open proxy; answers are
// kept an hour in memory, since a post's embed does not change and the wall asks for 25 at a time,
// and failures five minutes, so a failing post cannot make us ask the provider on every request.
// A request that has to ask takes the named limit `outbound` first.
import { LRUCache } from "lru-cache";
import { Elysia, t } from "elysia";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { limitsOf } from "../http/limits";
import { postUrl } from "../shared/post-url";

export const TWEET_TTL_MS = 3600_000;
export const TWEET_FAILED_TTL_MS = 300_000;
const MAX_CACHED = 2_000;
const UPSTREAM_TIMEOUT_MS = 5_000;
const NOT_A_POST = "url must be a link to a public post on x.com or twitter.com.";

const TweetQuery = t.Object({
  url: t.String({ minLength: 1, maxLength: 2048, error: NOT_A_POST }),
  maxwidth: t.Optional(t.Numeric({ minimum: 220, maximum: 550, error: "maxwidth must be a number from 220 to 550." })),
  hide_thread: t.Optional(t.BooleanString({ error: "hide_thread must be true or false." })),
  hide_media: t.Optional(t.BooleanString({ error: "hide_media must be true or false." })),
  omit_script: t.Optional(t.BooleanString({ error: "omit_script must be true or false." })),
  dnt: t.Optional(t.BooleanString({ error: "dnt must be true or false." })),
});

/** A tweet answer has html, url and error; html is null when the embed failed. */
type TweetAnswer = { html: string | null; url: string; error: string | null };

type Options = { maxwidth: number; hide_thread: boolean; hide_media: boolean; omit_script: boolean; dnt: boolean };

const FAILED = "The post could not be loaded from the provider.";

/**
 * Fetches embeds from the provider, an hour per post and options (a failure five minutes), one
 * request per key at a time; `before` runs only when the provider is to be asked (a limit's take,
 * which may throw).
 */
export function oembedClient(base: string, now: () => number = Date.now) {
  // NOTE: fetch() asks the provider once per key however many views wait for it.
  const cache = new LRUCache<string, TweetAnswer, { url: string; o: Options; before: () => void }>({
    max: MAX_CACHED,
    ttl: TWEET_TTL_MS,
    // NOTE: the clock is read on every look-up (no 1 ms resolution cache), so an injected one is obeyed.
    perf: { now },
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { context, options }) => {
      context.before();
      const answer = await ask(context.url, context.o);
      if (answer) return answer;
      options.ttl = TWEET_FAILED_TTL_MS;
      return { html: null, url: context.url, error: FAILED };
    },
  });

  const ask = async (url: string, o: Options): Promise<TweetAnswer | null> => {
    const query = new URLSearchParams({ url, ...Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)])) });
    try {
      const res = await fetch(`${base}/oembed?${query}`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { html?: unknown };
      return typeof body.html === "string" ? { html: body.html, url, error: null } : null;
    } catch {
      return null;
    }
  };

  /** The embed; `html` is null when the provider failed. */
  return async (url: string, o: Options, before: () => void): Promise<TweetAnswer> =>
    (await cache.fetch(`${url} ${JSON.stringify(o)}`, { context: { url, o, before } }))!;
}

export const tweetRoutes = (ctx: Pick<AppContext, "config"> & object) => {
  const embed = oembedClient(ctx.config.OEMBED_API_BASE);
  const limits = limitsOf(ctx);
  return new Elysia({ name: "get-tweet" }).get(
    "/api/get-tweet",
    async ({ query, set, request, server }): Promise<TweetAnswer> => {
      const url = postUrl(query.url);
      if (!url) throw new HttpError(400, NOT_A_POST, { url: NOT_A_POST });
      // The embed's defaults: 250 px wide, no thread, media shown, no script, do-not-track.
      const answer = await embed(url, {
        maxwidth: query.maxwidth ?? 250,
        hide_thread: query.hide_thread ?? true,
        hide_media: query.hide_media ?? false,
        omit_script: query.omit_script ?? true,
        dnt: query.dnt ?? true,
      }, () => limits.take("outbound", { request, server }));
      if (answer.html === null) set.status = 502;
      return answer;
    },
    {
      query: TweetQuery,
      detail: {
        summary: "Embed a social post",
        description: "The oEmbed HTML of a public post on x.com or twitter.com, for the dashboard's social-post wall. 502 with `error` when the provider fails (kept five minutes); 429 with Retry-After when this client asked the provider too often.",
        tags: ["Dashboard"],
      },
    },
  );
};
