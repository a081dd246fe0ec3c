import { describe, expect, test } from "bun:test";
import { statusOf, toPageError } from "../../../src/web/errors";
import { HttpError } from "../../../src/http/errors";
import { matchRoute } from "../../../src/web/router";

describe("matchRoute", () => {
  const routes = { "/": "home", "/privacy": "privacy", "/privacy/:domain": "privacyDomain", "/dashboard/:domain/settings": "dashSettings" };
  test("static paths, with or without a trailing slash", () => {
    expect(matchRoute(routes, "/")?.route).toBe("home");
    expect(matchRoute(routes, "/privacy/")?.route).toBe("privacy");
  });
  test("named segments are decoded", () => {
    expect(matchRoute(routes, "/privacy/example.com")).toEqual({ route: "privacyDomain", pattern: "/privacy/:domain", params: { domain: "example.com" } });
    expect(matchRoute(routes, "/dashboard/a%20b/settings")?.params).toEqual({ domain: "a b" });
  });
  test("no match", () => {
    expect(matchRoute(routes, "/nope")).toBeNull();
    expect(matchRoute(routes, "/privacy/a/b")).toBeNull();
    expect(matchRoute(routes, "/dashboard/%E0%A4%A/settings")).toBeNull();
  });
});

describe("error status and message", () => {
  test("statusCode, then status, then response.status, default 500", () => {
    expect(statusOf({ statusCode: 418, status: 400 })).toBe(418);
    expect(statusOf({ status: 403 })).toBe(403);
    expect(statusOf({ response: { status: 410 } })).toBe(410);
    expect(statusOf(new Error("x"))).toBe(500);
    expect(statusOf({ status: 200 })).toBe(500);
    expect(statusOf("text")).toBe(500);
  });
  test("404 always reads 'This page could not be found'", () => {
    expect(toPageError(new HttpError(404, "no such domain"), false)).toEqual({ status: 404, message: "This page could not be found" });
  });
  test("an unplanned 500 hides its message in production, shows it in development", () => {
    expect(toPageError(new Error("db password wrong"), false).message).toBe("Something went wrong on our side");
    expect(toPageError(new Error("db password wrong"), true).message).toBe("db password wrong");
  });
  test("a plain object shows its message, never [object Object]", () => {
    expect(toPageError({ statusCode: 409, message: "Already taken." }, false)).toEqual({ status: 409, message: "Already taken" });
    expect(toPageError({ status: 400 }, false)).toEqual({ status: 400, message: "Something went wrong" });
    expect(toPageError({ message: "boom" }, true).message).toBe("boom");
  });
  test("an error that chose its status keeps its message, without a trailing period", () => {
    expect(toPageError(Object.assign(new Error("I am a teapot."), { statusCode: 418 }), false)).toEqual({ status: 418, message: "I am a teapot" });
  });
});
