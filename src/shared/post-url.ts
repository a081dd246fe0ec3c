// Which social-post links can be embedded: the oEmbed proxy (src/stats/tweet.ts) passes on only these, and
// the dashboard's post wall asks it only for these. Pure, so the browser bundle shares it.

// NOTE: a screen name is 1–15 word characters; "statuses" is the older spelling of the same link.
const POST = /^https?:\/\/(?:www\.|mobile\.)?(x|twitter)\.com\/(\w{1,15})\/status(?:es)?\/(\d{1,25})(?:[/?#]|$)/i;

/** The canonical link of an x.com / twitter.com post, or null when the URL is not one. */
export function postUrl(raw: string): string | null {
  const m = POST.exec(raw.trim());
  return m ? `https://${m[1]!.toLowerCase()}.com/${m[2]}/status/${m[3]}` : null;
}
