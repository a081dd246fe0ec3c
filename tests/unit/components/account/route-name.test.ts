// Feedback's `page` is the route name: parameters by name, never the domain itself.
import { expect, test } from "bun:test";
import { routeName } from "../../../../components/account/FeedbackBox";

test("a path becomes its route: parameters by name", () => {
  expect(routeName("/settings/domains")).toBe("/settings/domains");
  expect(routeName("/dashboard/shop.example")).toBe("/dashboard/:domain");
  expect(routeName("/dashboard/shop.example/settings")).toBe("/dashboard/:domain/settings");
  expect(routeName("/privacy/shop.example")).toBe("/privacy/:domain");
  expect(routeName("/public/0123abcd")).toBe("/public/:id");
  expect(routeName("/settings/")).toBe("/settings");
  expect(routeName("/")).toBe("/");
});
