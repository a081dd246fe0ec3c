// Parses XML as a browser would (happy-dom's DOMParser) and fails on what it does not catch itself:
// an entity XML does not define. For the feeds' and sitemap's tests.
import { Window } from "happy-dom";

export async function parseXml(text: string): Promise<Document> {
  const bad = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.exec(text);
  if (bad) throw new Error(`undefined entity at ${bad.index}: ${text.slice(bad.index, bad.index + 20)}`);
  const window = new Window();
  try {
    const doc = new window.DOMParser().parseFromString(text, "application/xml") as unknown as Document;
    const error = doc.querySelector("parsererror");
    if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
    return doc;
  } finally {
    await window.happyDOM.close();
  }
}

/** The text of the first `name` child of `el`, or null. */
export const childText = (el: Element, name: string): string | null =>
  [...el.children].find((c) => c.localName === name)?.textContent ?? null;
