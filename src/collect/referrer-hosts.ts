// Our own referrer hosts, looked up before the generated Matomo lists (referrer-lists.json): webmail
// (the lists have no email providers), job boards (nor job sites), Android app referrers
// (android-app://{package}), and hosts the lists miss. Same shape as the generated table: class →
// label → hosts, "{}" standing for a country code label or a (com|co|…).{cc} ending, an entry
// matching its subdomains too, and a package id the ids below it (com.facebook.katana.beta).

/** A country-code ending ("de", "co.uk", "com.br") as the lists' "{}" and a country-code first label. */
export const CC_END = /\.((com|co|org|net|ac|or|ne|gov|edu|go|gob|nic)\.)?[a-z]{2}$/;
export const CC_START = /^[a-z]{2}\./;
/**
 * An Android app referrer's host is its package id: a reverse-DNS root (com.whatsapp, org.telegram…)
 * and a last label no web host ends with. com.google.android.gm ends like a web host, so it is
 * listed whole and found as one.
 */
export const APP_ROOT = /^(com|org|net|io|me|co|app|free|ml|[a-z]{2})\.[a-z0-9_-]+/;
export const WEB_END = /\.([a-z]{2}|com|org|net|edu|gov|int|io|app|dev|info|biz|xyz)$/;

export const OWN_HOSTS = {
  email: {
    // Webmail of the big providers.
    "Gmail": ["mail.google.com", "inbox.google.com", "com.google.android.gm"],
    "Outlook": ["outlook.live.com", "outlook.office.com", "outlook.office365.com", "outlook.com", "mail.live.com", "com.microsoft.office.outlook"],
    "Yahoo Mail": ["mail.yahoo.com", "mail.yahoo.co.jp", "mail.yahoo.{}", "com.yahoo.mobile.client.android.mail"],
    "AOL Mail": ["mail.aol.com", "mail.aol.{}"],
    "iCloud Mail": ["icloud.com"],
    "Proton Mail": ["mail.proton.me", "mail.protonmail.com", "ch.protonmail.android"],
    "Fastmail": ["fastmail.com", "app.fastmail.com"],
    "Zoho Mail": ["mail.zoho.com", "mail.zoho.eu", "mail.zoho.in"],
    "Tuta": ["tutanota.com", "app.tuta.com", "mail.tutanota.com"],
    "HEY": ["app.hey.com"],
    // German-speaking portals: their webmail sends visitors through a "deref" redirector.
    "GMX": ["de.gmx.mobile.android.mail", "gmx.net", "gmx.de", "gmx.at", "gmx.ch", "gmx.com", "gmx.fr", "gmx.es", "gmx.co.uk", "deref-gmx.net", "deref-gmx.de", "deref-gmx.com", "deref-gmx.at", "deref-gmx.ch", "deref-gmx.fr", "deref-gmx.es", "deref-gmx.co.uk"],
    "WEB.DE": ["de.web.mobile.android.mail", "web.de", "navigator.web.de", "deref-web.de", "deref-web-02.de"],
    "mail.com": ["mail.com", "deref-mail.com", "navigator-lxa.mail.com"],
    "1&1": ["deref-1und1.de", "deref-1und1-02.de", "email.1und1.de"],
    "IONOS": ["mail.ionos.de", "mail.ionos.com", "mail.ionos.co.uk", "mail.ionos.fr", "mail.ionos.es", "email.ionos.de", "email.ionos.com", "email.ionos.co.uk", "email.ionos.fr", "email.ionos.es"],
    "T-Online": ["email.t-online.de"],
    "freenet Mail": ["webmail.freenet.de"],
    // Portals whose main host is a search engine in the lists: their mail subdomain is mail.
    "Yandex Mail": ["mail.yandex.ru", "mail.yandex.com", "mail.yandex.{}", "mail.ya.ru"],
    "Mail.ru": ["e.mail.ru", "touch.mail.ru", "octavius.mail.ru", "ru.mail.mailapp"],
    "Daum Mail": ["mail.daum.net"],
    "Naver Mail": ["mail.naver.com"],
    "QQ Mail": ["mail.qq.com", "wx.mail.qq.com"],
    "NetEase Mail": ["mail.163.com", "mail.126.com", "mail.yeah.net"],
    "Seznam Email": ["email.seznam.cz"],
    "Onet Poczta": ["poczta.onet.pl"],
    "WP Poczta": ["poczta.wp.pl"],
    "Libero Mail": ["mail.libero.it"],
    "Orange Mail": ["mail.orange.fr", "messagerie.orange.fr"],
    "Rambler Mail": ["mail.rambler.ru"],
    "Comcast": ["connect.xfinity.com"],
    "mail.de": ["mail.de"],
    "Posteo": ["posteo.de"],
    "mailbox.org": ["office.mailbox.org", "login.mailbox.org"],
    // Mail apps on Android.
    "Samsung Email": ["com.samsung.android.email.provider"],
    "K-9 Mail": ["com.fsck.k9"],
    "Thunderbird": ["net.thunderbird.android"],
    "Spark": ["com.readdle.spark"],
    "BlueMail": ["me.bluemail.mail"],
    // Newsletter senders: their links open from a mail.
    "Mailchimp": ["mailchi.mp", "list-manage.com"],
    "Substack": ["substack.com"],
  },
  social: {
    "Facebook": ["fb.com", "com.facebook.katana", "com.facebook.lite"],
    "Messenger": ["messenger.com", "com.facebook.orca"],
    "Twitter": ["com.twitter.android"],
    "Instagram": ["com.instagram.android", "l.instagram.com"],
    "LinkedIn": ["com.linkedin.android"],
    // Telegram's, reddit's and Hacker News' Android clients besides the official app.
    "Telegram": ["t.me", "telegram.org", "telegram.me", "org.telegram", "org.thunderdog.challegram", "nekox.messenger", "tw.nekomimi.nekogram"],
    "reddit": ["ml.docilealligator.infinityforreddit", "com.laurencedawson.reddit_sync", "com.andrewshu.android.reddit", "free.reddit.news", "com.rubenmayayo.reddit", "me.ccrama.redditslide", "com.onelouder.baconreader"],
    "Hacker News": ["io.github.hidroh.materialistic", "com.simon.harmonichackernews", "com.jiaqifeng.hacki", "com.leavjenn.hews"],
    "WhatsApp": ["com.whatsapp", "com.whatsapp.w4b", "web.whatsapp.com", "whatsapp.com", "wa.me"],
    "Slack": ["com.slack", "slack.com", "app.slack.com"],
    "Disqus": ["disqus.com", "disq.us"],
    "Threads": ["com.instagram.barcelona"],
    "Mastodon": ["mastodon.online", "fosstodon.org", "hachyderm.io", "infosec.exchange", "mstdn.social"],
    "Lobsters": ["lobste.rs"],
    "Quora": ["quora.com"],
    "Medium": ["medium.com"],
    "DEV": ["dev.to"],
    "LINE": ["line.me", "jp.naver.line.android"],
    "Odnoklassniki": ["ok.ru"],
    "Product Hunt": ["producthunt.com"],
    "Pinterest": ["pin.it", "com.pinterest"],
    "TikTok": ["com.zhiliaoapp.musically", "com.ss.android.ugc.trill"],
    // Messengers count as social, as WhatsApp and Telegram do.
    "Signal": ["org.thoughtcrime.securesms", "signal.org"],
    "Microsoft Teams": ["com.microsoft.teams", "teams.microsoft.com", "teams.live.com"],
    "Viber": ["com.viber.voip"],
    "KakaoTalk": ["com.kakao.talk"],
    "WeChat": ["com.tencent.mm"],
    "Vkontakte": ["com.vkontakte.android"],
    "YouTube": ["com.google.android.youtube"],
  },
  // Job boards and job search engines, and the applicant-tracking pages that carry job ads.
  jobs: {
    "LinkedIn Jobs": ["linkedin.com/jobs", "com.linkedin.android.jobs.jobseeker"],
    "XING Jobs": ["xing.com/jobs"],
    "Indeed": ["indeed.com", "indeed.{}", "com.indeed.android.jobsearch"],
    "Glassdoor": ["glassdoor.com", "glassdoor.{}", "com.glassdoor.app"],
    "StepStone": ["stepstone.{}", "stepstone.com"],
    "Monster": ["monster.com", "monster.{}"],
    "ZipRecruiter": ["ziprecruiter.com", "ziprecruiter.{}"],
    "CareerBuilder": ["careerbuilder.com"],
    "SimplyHired": ["simplyhired.com", "simplyhired.{}"],
    "Dice": ["dice.com"],
    "Wellfound": ["wellfound.com", "angel.co"],
    "Welcome to the Jungle": ["welcometothejungle.com", "otta.com"],
    "Jooble": ["jooble.org"],
    "Adzuna": ["adzuna.com", "adzuna.{}"],
    "Talent.com": ["talent.com"],
    "Totaljobs": ["totaljobs.com"],
    "Reed": ["reed.co.uk"],
    "CV-Library": ["cv-library.co.uk"],
    "SEEK": ["seek.com.au", "seek.co.nz"],
    "Naukri": ["naukri.com"],
    "InfoJobs": ["infojobs.net", "infojobs.it", "infojobs.com.br"],
    "France Travail": ["francetravail.fr", "pole-emploi.fr"],
    "Apec": ["apec.fr"],
    "HelloWork": ["hellowork.com"],
    "Bundesagentur für Arbeit": ["arbeitsagentur.de"],
    "karriere.at": ["karriere.at"],
    "jobs.ch": ["jobs.ch", "jobup.ch"],
    "Jobindex": ["jobindex.dk"],
    "Arbetsförmedlingen": ["arbetsformedlingen.se"],
    "Greenhouse": ["boards.greenhouse.io", "job-boards.greenhouse.io"],
    "Lever": ["jobs.lever.co"],
    "Workday": ["myworkdayjobs.com"],
    "Ashby": ["jobs.ashbyhq.com"],
    "SmartRecruiters": ["jobs.smartrecruiters.com"],
    "Workable": ["apply.workable.com"],
    "Personio": ["jobs.personio.de", "jobs.personio.com"],
  },
  search: {
    "Google": ["com.google.android.googlequicksearchbox", "com.google.android.apps.searchlite"],
    "Bing": ["com.microsoft.bing"],
    "DuckDuckGo": ["com.duckduckgo.mobile.android"],
    // Portals whose home page is their search box (SEARCH_PORTALS); their other services are not searches.
    "Yahoo!": ["yahoo.com"],
    "Yahoo! Japan": ["yahoo.co.jp"],
    "AOL": ["search.aol.{}", "aolsearch.com"],
    "Marginalia": ["search.marginalia.nu"],
    "SearXNG": ["searx.be", "searx.org"],
    "Lilo": ["lilo.org"],
  },
  ai: {
    "ChatGPT": ["com.openai.chatgpt"],
    "Claude": ["com.anthropic.claude"],
    "Copilot": ["copilot.cloud.microsoft", "m365.cloud.microsoft"],
    "Deepseek": ["deepseek.com"],
    "Phind": ["phind.com"],
  },
} satisfies Record<"email" | "social" | "jobs" | "search" | "ai", Record<string, string[]>>;

/**
 * First labels of a search company's hosts that are not its search: "maps.google.com" is a link
 * out of Google Maps, an ordinary referring site, not a search.
 */
export const NOT_SEARCH_PARTS = new Set([
  "maps", "drive", "docs", "sheets", "slides", "finance", "support", "groups", "accounts", "sites", "calendar",
  "photos", "play", "cloud", "developers", "console", "ads", "analytics", "business", "meet", "chat", "keep",
  "classroom", "disk", "market", "money", "realty", "travel", "zen", "dzen", "music", "passport", "weather",
]);

/** Portals whose home page is a search box and whose subdomains are their other services. */
export const SEARCH_PORTALS = new Set(["yahoo.com", "yahoo.co.jp"]);

/**
 * A host whose first label names a mail service is webmail wherever it is: webmail.{provider},
 * mail.{portal}, posta/poczta/correo/courrier.{provider}, a webmail program's name (roundcube.{host},
 * zimbra.{host}…), and the portals' "deref-" redirectors.
 */
export const WEBMAIL_HOST = /^((web)?mail\d*|e-?mail|posta|poczta|correo|courrier|messagerie|owa|roundcube|rainloop|snappymail|sogo|horde|zimbra)\.[a-z0-9-]+\.|^deref-/;
