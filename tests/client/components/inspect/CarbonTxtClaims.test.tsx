// The inspector's carbon.txt line: the site's disclosures as links (http(s) only, nofollow), its
// upstream providers, "no carbon.txt", an unreadable file's reason, and nothing for older results.
import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { CarbonTxtClaims } from "../../../../components/inspect/CarbonTxtClaims";

test("found: disclosures as safe links, providers named", () => {
  const { unmount } = render(<CarbonTxtClaims claims={{
    status: "found", url: "https://a.example/carbon.txt", version: "0.4",
    disclosures: [
      { docType: "web-page", url: "https://a.example/green", domain: "a.example", validUntil: "2027-06-30" },
      { docType: "annual-report", url: "javascript:alert(1)", domain: null, validUntil: null },
    ],
    services: [{ domain: "hoster.example", serviceType: "shared-hosting" }],
  }} />);
  const box = screen.getByTestId("carbon-txt");
  expect(box.textContent).toContain("carbon.txt: found — 2 disclosures, 1 upstream provider");
  const page = screen.getByRole("link", { name: "web-page" });
  expect([page.getAttribute("href"), page.getAttribute("rel")]).toEqual(["https://a.example/green", "nofollow noopener noreferrer"]);
  expect(screen.queryByRole("link", { name: "annual-report" })).toBeNull();
  expect(screen.getByTestId("carbon-txt-disclosures").textContent).toContain("a.example), valid until 2027-06-30");
  expect(screen.getByTestId("carbon-txt-services").textContent).toBe("Upstream providers: hoster.example (shared-hosting)");
  unmount();
});

test("none, invalid, and an older result without the field", () => {
  const none = render(<CarbonTxtClaims claims={{ status: "none" }} />);
  expect(screen.getByTestId("carbon-txt").textContent).toStartWith("carbon.txt: no carbon.txt.");
  none.unmount();
  const bad = render(<CarbonTxtClaims claims={{ status: "invalid", url: "https://a.example/carbon.txt", message: "not valid TOML" }} />);
  expect(screen.getByTestId("carbon-txt").textContent).toContain("found but not readable (not valid TOML)");
  bad.unmount();
  const old = render(<CarbonTxtClaims claims={undefined} />);
  expect(screen.queryByTestId("carbon-txt")).toBeNull();
  old.unmount();
});
