"use client";
// The social posts that sent visitors: a wall
// 500 px high, at most 25 posts, each loaded through our `GET /api/get-tweet` oEmbed proxy.
// A post shows "One moment..." while it loads and hides itself when it fails, telling the
// parent which URL failed; when every post failed, the wall says so instead of staying empty.
//
// NOTE: the oEmbed html is a blockquote followed by a widget <script>. It is parsed inert
// (DOMParser runs nothing) and rebuilt from an allowlist of tags and attributes: no script,
// no event handler, no style, links only to http(s). The post reads as its quoted text.
import { useEffect, useState } from "react";
import type { Tweet } from "../../../src/shared/stats";
import { postUrl } from "../../../src/shared/post-url";
import { formatNumber } from "../format";

export const MAX_TWEETS = 25;
export const TWEET_MAX_WIDTH = 250;

type Answer = { html?: string | null; url?: string; error?: unknown };

const ALLOWED = new Set(["BLOCKQUOTE", "P", "A", "BR", "SPAN", "STRONG", "EM", "B", "I"]);

/** The allowlisted copy of oEmbed html, as a string for dangerouslySetInnerHTML. */
export function sanitizeEmbed(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const copy = (node: Node, into: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE) into.appendChild(document.createTextNode(child.textContent ?? ""));
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const el = child as Element;
      // Unknown wrappers keep their text; scripts, styles and frames go entirely.
      if (["SCRIPT", "STYLE", "IFRAME", "OBJECT", "EMBED", "TEMPLATE"].includes(el.tagName)) continue;
      if (!ALLOWED.has(el.tagName)) {
        copy(el, into);
        continue;
      }
      const out = document.createElement(el.tagName.toLowerCase());
      const lang = el.getAttribute("lang");
      if (lang) out.setAttribute("lang", lang);
      const href = el.tagName === "A" ? el.getAttribute("href") : null;
      if (href && /^https?:\/\//i.test(href)) {
        out.setAttribute("href", href);
        out.setAttribute("rel", "noopener noreferrer nofollow");
        out.setAttribute("target", "_blank");
      }
      copy(el, out);
      into.appendChild(out);
    }
  };
  const box = document.createElement("div");
  copy(doc.body, box);
  return box.innerHTML;
}

export const tweetUrl = (u: string) =>
  `/api/get-tweet?url=${encodeURIComponent(u)}&maxwidth=${TWEET_MAX_WIDTH}&hide_thread=true&hide_media=false&omit_script=true&dnt=true`;

/** A post the embed proxy cannot show (Mastodon, Bluesky): its link, where it was posted. */
function linkOnly(u: string): { html: string } {
  const url = new URL(u);
  const a = document.createElement("a");
  a.href = u;
  a.rel = "noopener noreferrer nofollow";
  a.target = "_blank";
  a.textContent = url.pathname;
  const p = document.createElement("p");
  p.append(`A post on ${url.host}: `, a);
  return { html: p.outerHTML };
}

function Post({ tweet, onFail }: { tweet: Tweet; onFail: (url: string) => void }) {
  const [state, setState] = useState<{ html: string } | "loading" | "failed">("loading");
  useEffect(() => {
    // NOTE: only x.com / twitter.com posts have an embed; asking for others would be a 400 each.
    if (!postUrl(tweet.u)) return setState(linkOnly(tweet.u));
    const abort = new AbortController();
    fetch(tweetUrl(tweet.u), { signal: abort.signal, headers: { accept: "application/json" } })
      .then(async (res) => {
        const body = (res.ok ? await res.json() : {}) as Answer;
        if (!res.ok || body.error || !body.html) throw new Error("no embed");
        setState({ html: sanitizeEmbed(body.html) });
      })
      .catch(() => {
        if (abort.signal.aborted) return;
        setState("failed");
        onFail(tweet.u);
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one load per post URL
  }, [tweet.u]);
  if (state === "failed") return null;
  const [count, word] = tweet.visits;
  return (
    <li className="flex break-inside-avoid flex-col gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm dark:border-gray-800 dark:bg-gray-950" data-testid="tweet">
      {state === "loading" ? (
        <p className="py-6 text-center text-gray-500 dark:text-gray-400">One moment...</p>
      ) : (
        <div className="tweet-embed min-w-0 wrap-anywhere text-gray-800 [&_a]:text-blue-700 [&_a]:underline [&_blockquote]:m-0 [&_p]:mb-2 dark:text-gray-200 dark:[&_a]:text-blue-400" dangerouslySetInnerHTML={{ __html: state.html }} />
      )}
      <p className="flex items-center justify-between border-t border-gray-100 pt-2 text-xs dark:border-gray-800">
        <a href={tweet.u} target="_blank" rel="noopener noreferrer" className="text-gray-500 hover:underline dark:text-gray-400">
          View post
        </a>
        <span className="rounded-full bg-blue-50 px-2 py-0.5 font-medium text-blue-800 dark:bg-blue-500/10 dark:text-blue-300">
          {formatNumber(count)} {word}
        </span>
      </p>
    </li>
  );
}

export const NONE_SHOWN = "Posts linked to this site in this range, but none of them could be shown.";

export function TweetWall({ tweets, onFail = () => {} }: { tweets: Tweet[]; onFail?: (url: string) => void }) {
  const [failed, setFailed] = useState<string[]>([]);
  const shown = tweets.slice(0, MAX_TWEETS);
  const fail = (url: string) => {
    setFailed((f) => (f.includes(url) ? f : [...f, url]));
    onFail(url);
  };
  if (tweets.length === 0) return <p className="py-10 text-center text-sm text-gray-500 dark:text-gray-400">No posts linked to this site in this range.</p>;
  if (shown.every((t) => failed.includes(t.u))) return <p className="py-10 text-center text-sm text-gray-500 dark:text-gray-400" data-testid="tweet-wall-empty">{NONE_SHOWN}</p>;
  return (
    <div className="h-[500px] overflow-y-auto rounded-xl border border-gray-200 bg-gray-50 p-3 dark:border-gray-800 dark:bg-gray-900" data-testid="tweet-wall" tabIndex={0} role="region" aria-label="Social posts">
      <ul className="columns-[15.625rem] gap-3 [&>li]:mb-3">
        {shown.map((t) => (
          <Post key={t.u} tweet={t} onFail={fail} />
        ))}
      </ul>
    </div>
  );
}
