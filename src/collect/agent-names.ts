// Browser names Bowser does not give: the in-app browsers of social, messaging and search apps (a
// web view that says Chrome or Safari and adds the app's own token), and browsers that name
// themselves beside the engine they borrow. Tokens as the apps send them, gathered from the browser
// fixtures of isbot (Unlicense) and ua-parser-js's test data; real strings in
// tests/fixtures/classify/user-agents.tsv.

/**
 * Name → token, first match wins. In-app browsers come first: their web view may carry another
 * browser's token too (NAVER's says Whale, Alipay's says UC), and the visit came through the app.
 */
const NAMED: [string, RegExp][] = [
  // Messenger before Facebook: both send FBAN/FB_IAB, Messenger's value names it.
  ["Messenger", /\bFBAN\/Messenger|\bFB_IAB\/(MESSENGER|Orca)/],
  ["Facebook", /\bFBAN\/|\bFB_IAB\/|\bFBAV\//],
  ["Instagram", /\bInstagram \d/],
  ["Threads", /\bBarcelona \d/],
  ["Weibo", /__weibo__|\bWeibo \(/],
  ["Spotify", /\bSpotify\/\d/],
  ["LINE", /\bLine\/\d/],
  ["Snapchat", /\bSnapchat\/\d/],
  ["TikTok", /\bmusical_ly|\btrill_\d|\bTikTok\b|AppName\/(musical_ly|trill)/],
  ["Twitter", /\bTwitter for (iPhone|iPad|Android)|\bTwitterAndroid\b/],
  ["LinkedIn", /\[LinkedInApp\]/],
  ["Pinterest", /\[Pinterest\/(iOS|Android)\]/],
  ["WeChat", /\bMicroMessenger\//],
  ["KakaoTalk", /\bKAKAOTALK\b/],
  ["NAVER", /\bNAVER\(inapp/],
  ["Zalo", /\bZalo\/\d/],
  ["Viber", /\bViber\b/],
  ["Alipay", /\bAlipayClient\//],
  ["Baidu App", /\bbaiduboxapp\//],
  ["Microsoft Bing", /\bBingWeb\/|\bBingSapphire\//],
  ["Flipboard", /\bFlipboard(-Briefing)?\//],
  ["Google News", /\bGNews (Android|iOS)\//],
  ["Klarna", /\bKlarna\/\d/],
  ["Steam", /\bValve Steam\b/],
  ["Google Search", /\bGSA\/\d/],
  // Browsers on another's engine.
  ["Brave", /\bBrave(\/| Chrome\/)/i],
  ["UC Browser", /\bUC ?Browser|\bUCWEB|\bUBrowser\/|\bUCPC\//],
  ["Camino", /\bCamino\//],
  ["Otter", /\bOtter\/\d/],
  ["Konqueror", /\bKonqueror\//i],
  ["Midori", /\bMidori\//],
  ["Falkon", /\bFalkon\//],
  ["Comodo Dragon", /\bComodo_Dragon\//],
  ["Comodo IceDragon", /\bIceDragon\//],
  ["Iceweasel", /\bIceweasel\//],
  ["IceCat", /\bIceCat\//],
  ["Flock", /\bFlock\//],
  ["Lunascape", /\bi?Lunascape\b/],
  ["Iron", /\bIron(\/\d| Safari\/)/],
  ["Seznam Browser", /\bSznProhlizec\//],
  ["Coc Coc", /\bcoc_coc_browser\//],
  ["Huawei Browser", /\bHuaweiBrowser\//],
  ["MIUI Browser", /\bMiuiBrowser\//],
  ["Quark", /\bQuark\/\d/],
  ["Yaani", /\bYaaniBrowser\//],
  ["Qwant", /\bQwant(Mobile|Browser|iOS)\//],
  ["Slimjet", /\bSlimjet\//],
  ["qutebrowser", /\bqutebrowser\//],
  ["Basilisk", /\bBasilisk\//],
  // Security vendors' Chromium builds.
  ["CCleaner Browser", /\bCCleaner\/\d/],
  ["Avast Secure Browser", /\bAvast\/\d/],
  ["AVG Secure Browser", /\bAVG\/\d/],
  ["Avira Secure Browser", /\bAvira\/\d/],
  ["Norton Private Browser", /\bNorton\/\d/],
  ["Ecosia", /\(Ecosia (android|ios)@/],
];

/** The name a user-agent's own token gives its browser, or null when Bowser's name stands. */
export function namedBrowser(ua: string): string | null {
  for (const [name, token] of NAMED) if (token.test(ua)) return name;
  return null;
}
