// The fragment rule: a hash router's route is kept up to its first "?", "&" or "="; anything else
// (OAuth tokens, parameters) is dropped whole. The tracker carries the same pattern inline.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ROUTE_FRAGMENT, routeOf } from "../../../src/shared/route-fragment";
import { TRACKER_ENTRY } from "../../../tracker/build";

test("a route is kept, up to its own query", () => {
  expect(routeOf("#/")).toBe("#/");
  expect(routeOf("#/settings/profile")).toBe("#/settings/profile");
  expect(routeOf("#!/item/4")).toBe("#!/item/4");
  expect(routeOf("#/callback?access_token=abc&state=x")).toBe("#/callback");
  expect(routeOf("#/list&page=2")).toBe("#/list");
  expect(routeOf("#/a=b")).toBe("#/a");
});

test("a fragment that is no route is dropped whole", () => {
  for (const fragment of ["", "#", "#access_token=abc&token_type=bearer", "#a=b&c=d", "#id_token", "#section-2", "#!access_token=x", "#?/a", "#&/a"]) {
    expect({ fragment, route: routeOf(fragment) }).toEqual({ fragment, route: "" });
  }
});

test("the tracker applies the same pattern to location.hash", () => {
  expect(readFileSync(TRACKER_ENTRY, "utf8")).toContain(`/${ROUTE_FRAGMENT.source}/.exec(l.hash)`);
});
