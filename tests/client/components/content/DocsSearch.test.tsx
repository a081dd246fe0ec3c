// The docs search's matching: every word must occur, titles rank first, and a hit leads to the
// heading that holds a word when there is one.
import { describe, expect, test } from "bun:test";
import { searchDocs } from "../../../../components/content/DocsSearch";

const page = (url: string, title: string, text: string, headings: { id: string; text: string }[] = []) =>
  ({ url, title, section: "S", description: "", headings, text });

const INDEX = [
  page("/docs/install", "Install the script", "Put one tag in the head. Docker is not needed."),
  page("/docs/self-hosting", "Self-hosting", "Run it yourself with Docker or a server.", [{ id: "docker", text: "Docker" }]),
  page("/docs/metrics", "The metrics", "Bounce rate is bounces over unique visits.", [{ id: "bounces-and-bounce-rate", text: "Bounces and bounce rate" }]),
];

describe("searchDocs", () => {
  test("every word must match; a heading that holds one is the link", () => {
    expect(searchDocs(INDEX, "bounce rate")).toEqual([
      { href: "/docs/metrics#bounces-and-bounce-rate", title: "The metrics", where: "Bounces and bounce rate", score: 5 },
    ]);
    expect(searchDocs(INDEX, "bounce docker")).toEqual([]);
  });

  test("a page with the word in a heading ranks above one with it only in the text", () => {
    expect(searchDocs(INDEX, "Docker").map((h) => h.href)).toEqual(["/docs/self-hosting#docker", "/docs/install"]);
  });

  test("a title match ranks first, and one-letter words or blanks search nothing", () => {
    expect(searchDocs(INDEX, "script")[0]!.href).toBe("/docs/install");
    expect(searchDocs(INDEX, " a ")).toEqual([]);
  });
});
