import { describe, expect, test } from "bun:test";
import { verifyTag, verifyTokensIn } from "../../../src/domains/verify";

describe("the bothy-verify meta tag", () => {
  test("the tag shown to owners is found by the check", () => {
    expect(verifyTokensIn(`<html><head>${verifyTag("abc123")}</head></html>`)).toEqual(["abc123"]);
  });
  test("any attribute order, quoting and case; other meta tags and text are ignored", () => {
    const html = `<meta name="description" content="nope"><META CONTENT=tok1 NAME=Bothy-Verify>
      <meta content='tok2' data-x="1" name='bothy-verify' /><p>name="bothy-verify" content="tok3"</p>`;
    expect(verifyTokensIn(html)).toEqual(["tok1", "tok2"]);
  });
});
