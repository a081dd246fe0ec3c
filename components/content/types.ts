// The shapes the content components draw: an article and a docs page as src/content loads them
// (declared here because components/ does not import the content room).
export type CoverImage = { src: string; alt: string; width: number; height: number };

export type ArticleData = {
  type: "blog" | "news";
  slug: string;
  url: string;
  title: string;
  date: string;
  summary: string;
  author: string;
  tags: string[];
  cover: CoverImage | null;
  readingMinutes: number;
  html: string;
};

export type DocSection = { title: string; pages: { title: string; url: string }[] };
