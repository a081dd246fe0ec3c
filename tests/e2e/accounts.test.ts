// Accounts and settings in real Chromium against the real server process:
// sign up → the mailed link → verify → sign in → add a domain → its install page → sign out → a
// protected page sends to /signin?redirect= → signing in lands back there; weekly reports turn on; a
// webhook is added, tested against a loopback receiver and deleted; history
// imports from a Plausible export ZIP with its progress, its days show as imported in the dashboard
// (their carbon marked estimated, weighed as the site's own page view weighs),
// and it is deleted. Then bad input on
// every form shows the API's field messages next to their fields, keeping what was typed; axe
// checks the new pages; and no console error appears anywhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { join } from "node:path";
import { mailedToken, outbox, outboxHolds } from "../helpers/api";
import { hydrated, launchBrowser } from "../helpers/browser";
import { freshDatabase } from "../helpers/db";
import { CHROME_UA, until } from "../helpers/collect";
import { axeViolations } from "../helpers/dashboard";
import { zipOf } from "../helpers/imports";
import { removedAfterAll } from "../helpers/scratch";
import { ROOT, spawnServer, type Child } from "../helpers/server";
import { startReceiver } from "../helpers/webhooks";

let server: Child;
let dataDir: string;
// NOTE: example.com's home page, where the owner pastes the verification tag; Bothy reaches it on
// loopback through INSPECT_HOST_MAP and DOMAIN_VERIFY_HTTP_PORT.
let home = "";
let site: ReturnType<typeof Bun.serve>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];
// NOTE: Chromium logs every 4xx answer as a console error; the bad-input test provokes them on purpose.
let apiErrorsExpected = false;

const ME = { name: "Ada Lovelace", email: "ada@example.com", password: "analytical engine 1843" };

beforeAll(async () => {
  const db = scratch(await freshDatabase());
  dataDir = db.env.DATA_DIR!;
  site = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(`<!doctype html><html><head>${home}</head></html>`, { headers: { "content-type": "text/html" } }) });
  server = await spawnServer(
    "src/server.ts",
    { ...db.env, INSPECT_HOST_MAP: "example.com=127.0.0.1", INSPECT_ALLOW_HOSTS: "example.com", DOMAIN_VERIFY_HTTP_PORT: String(site.port) },
    { timeoutMs: 60_000 },
  );
  browser = await launchBrowser();
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  page = await browser.context.newPage();
  page.on("console", (m) => {
    const expected = apiErrorsExpected && /status of 4\d\d/.test(m.text()) && m.location().url.includes("/api/");
    if (m.type() === "error" && !expected) problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
  site?.stop(true);
});
const scratch = removedAfterAll();


type FieldCase = [path: string, values: Record<string, string>, submit: string, field: string, message: string | RegExp];

/** Fills a form with bad input and checks the field's message, the kept values and the re-enabled button. */
async function expectFieldError(...[path, values, submit, field, message]: FieldCase) {
  await page.goto(`${server.url}${path}`);
  await hydrated(page, "form");
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: submit }).click();
  const input = page.getByLabel(field, { exact: true });
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute("aria-invalid") === "true", `[name="${await input.getAttribute("name")}"]`);
  const errorId = (await input.getAttribute("aria-describedby"))!.split(" ")[0]!;
  const shown = await page.locator(`[id="${errorId}"]`).textContent();
  if (typeof message === "string") expect(shown).toBe(message);
  else expect(shown).toMatch(message);
  for (const [label, value] of Object.entries(values)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
  expect(await page.getByRole("button", { name: submit }).isEnabled()).toBe(true);
}

/** Waits until no section of the page still says "Loading" (a page may load several). */
const sectionsLoaded = () => until("every section loaded", async () => (await page.locator("main").getByText(/^Loading/).count()) === 0 || null);

async function signIn(email: string, password: string) {
  await hydrated(page, "form");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

describe("accounts in Chromium", () => {
  test("sign up, verify by mail, add a domain, install, sign out, and sign in back to the remembered page", async () => {
    await page.goto(`${server.url}/signup`);
    await hydrated(page, "form");
    await page.getByLabel("Your name").fill(ME.name);
    await page.getByLabel("Email").fill(ME.email);
    await page.getByLabel("Password").fill(ME.password);
    await page.getByRole("button", { name: "Create account" }).click();
    // Sign-up signs nobody in: the page says what comes next, the mailed link and then sign-in.
    await page.waitForURL(`${server.url}/verify?sent=1`);
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    expect(await page.getByText("Open it to verify your email, then sign in to continue.").count()).toBe(1);

    const token = mailedToken(dataDir, "/verify");
    await page.goto(`${server.url}/verify?token=${token}`);
    await page.waitForURL(`${server.url}/signin?redirect=${encodeURIComponent("/settings/domains")}`);
    await signIn(ME.email, ME.password);
    await page.waitForURL(`${server.url}/settings/domains`);
    await page.getByText("No websites yet").waitFor();

    await page.getByLabel("Domain", { exact: true }).fill("Example.com");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Europe/London");
    await page.getByLabel("Time zone").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Add website" }).click();
    await page.waitForURL(`${server.url}/dashboard/example.com/install`);
    await page.getByText("example.com is added. Install the script to start counting.").waitFor();
    expect(await page.getByTestId("snippet").textContent()).toBe(
      `<script async src="${server.url}/script.js" data-domain="example.com"></script>`,
    );
    expect(await page.getByText('localStorage.bothy_ignore = "true"').count()).toBe(1);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('data-domain="example.com"');

    // The user menu: initials, the domain with its links, closing on an outside click.
    const menuButton = page.getByRole("button", { name: /Ada Lovelace/ });
    expect(await menuButton.textContent()).toContain("AL");
    await menuButton.click();
    const menu = page.locator("#user-menu");
    await menu.getByRole("link", { name: "example.com", exact: true }).waitFor();
    expect(await menu.getByRole("link", { name: "Settings of example.com" }).getAttribute("href")).toBe("/dashboard/example.com/settings");
    await page.getByRole("heading", { level: 1 }).click();
    await menu.waitFor({ state: "hidden" });

    // A route change closes it too.
    await menuButton.click();
    await menu.getByRole("link", { name: "Profile" }).click();
    await page.waitForURL(`${server.url}/settings/profile`);
    await menu.waitFor({ state: "hidden" });

    // Sign out from the menu, then a protected page remembers itself through sign-in.
    await menuButton.click();
    await menu.getByRole("link", { name: "Sign out" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/dashboard/example.com/settings`);
    await page.waitForURL(`${server.url}/signin?redirect=${encodeURIComponent("/dashboard/example.com/settings")}`);
    await signIn(ME.email, ME.password);
    await page.waitForURL(`${server.url}/dashboard/example.com/settings`);
    await page.getByRole("heading", { name: "Settings of example.com" }).waitFor();
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Europe/Berlin");
  });

  test("verify with the meta tag, then the public dashboard switch saves and its link can be replaced; the feedback box sends, and the menu's domain list scrolls above 7", async () => {
    await page.goto(`${server.url}/dashboard/example.com/settings`);
    await hydrated(page, "form");
    // Unverified: no sharing yet, and the tag to paste into the home page.
    expect(await page.getByLabel(/Public dashboard/).count()).toBe(0);
    home = (await page.getByTestId("verify-tag").textContent())!;
    expect(home).toMatch(/^<meta name="bothy-verify" content="[0-9a-f]{32}">$/);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText("example.com is verified as yours.").waitFor();

    await page.getByLabel(/Public dashboard/).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Settings saved.").waitFor();
    const link = page.getByTestId("public-link");
    const first = await link.textContent();
    expect(first).toMatch(/\/public\/[0-9a-f]{32}$/);
    await page.getByRole("button", { name: "Make a new public link" }).click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="public-link"]')?.textContent !== old, first);
    expect(await link.textContent()).toMatch(/\/public\/[0-9a-f]{32}$/);

    await page.getByRole("navigation", { name: "Settings" }).getByRole("button", { name: "Feedback" }).click();
    const box = page.getByRole("dialog", { name: "Send us a message" });
    await box.getByLabel("Your message").fill("The install page is clear.");
    await box.getByRole("button", { name: "Send" }).click();
    await page.getByRole("dialog", { name: "Thank you" }).getByText("We will be in touch soon").waitFor();
    await page.keyboard.press("Escape");

    // Above 7 domains the menu's list scrolls; beta makes everyone Pro, so no limit.
    const added = await page.evaluate(async () => {
      const codes: number[] = [];
      for (let i = 1; i <= 7; i++) {
        const r = await fetch("/api/domains", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: `site${i}.example` }) });
        codes.push(r.status);
      }
      return codes;
    });
    expect(added).toEqual([201, 201, 201, 201, 201, 201, 201]);
    await page.getByRole("button", { name: /Ada Lovelace/ }).click();
    const list = page.getByRole("list", { name: "Your domains" });
    await list.getByRole("link", { name: "site7.example", exact: true }).waitFor({ state: "attached" });
    expect(await list.evaluate((ul) => getComputedStyle(ul).overflowY === "auto" && ul.scrollHeight > ul.clientHeight)).toBe(true);
    await page.keyboard.press("Escape");
  });

  test("weekly reports and alerts turn on in the domain settings; an added address waits for its confirmation and can be removed", async () => {
    await page.goto(`${server.url}/dashboard/example.com/settings`);
    await hydrated(page, "form");
    const section = page.getByRole("region", { name: "Weekly email reports" });
    await section.getByLabel("Send me a weekly report of this website").check();
    await section.getByRole("button", { name: "Save", exact: true }).click();
    const rows = section.getByTestId("report-recipients").locator("li");
    await rows.filter({ hasText: `${ME.email} (you)` }).waitFor();
    await section.getByLabel("Also send it to").fill("board@example.org");
    await section.getByRole("button", { name: "Add address" }).click();
    const board = rows.filter({ hasText: "board@example.org" });
    await board.getByText("(waiting for confirmation)").waitFor();
    await board.getByRole("button", { name: "Remove" }).click();
    await board.waitFor({ state: "detached" });
    expect(await rows.count()).toBe(1);
    const alerts = section.getByLabel("Alert me when a page gets 20 % heavier or its speed turns poor, or a day's traffic doubles or halves");
    expect(await alerts.isChecked()).toBe(false);
    await alerts.check();
    await section.getByRole("button", { name: "Save", exact: true }).click();
    await section.getByText("Saved.").waitFor();
    await page.reload();
    await hydrated(page, "form");
    expect(await section.getByLabel("Alert me when a page gets 20 % heavier or its speed turns poor, or a day's traffic doubles or halves").isChecked()).toBe(true);
  });

  test("a webhook is added with its secret shown once, sent a test that its log shows delivered, and deleted", async () => {
    const receiver = startReceiver();
    try {
      await page.goto(`${server.url}/dashboard/example.com/settings`);
      await hydrated(page, "form");
      const section = page.getByRole("region", { name: "Webhooks" });
      await section.getByLabel("Kind").selectOption("json");
      await section.getByLabel("URL").fill(`${receiver.url}/bothy`);
      await section.getByRole("button", { name: "Add webhook" }).click();
      expect(await section.getByTestId("new-key").textContent()).toMatch(/^whsec_/);
      const row = section.getByTestId("webhooks").locator("li").filter({ hasText: `${receiver.url}/bothy` });
      await row.getByText("Nothing sent yet.").waitFor();
      await row.getByRole("button", { name: "Send a test" }).click();
      await row.getByText("delivered (200)").waitFor();
      expect(receiver.received).toHaveLength(1);
      page.once("dialog", (d) => void d.accept());
      await row.getByRole("button", { name: /^Delete/ }).click();
      await row.waitFor({ state: "detached" });
    } finally {
      await receiver.stop();
    }
  });

  test("history imports from a Plausible export ZIP: a progress bar while it goes, the result, the import listed as done, its days marked in the dashboard, and deleted", async () => {
    // NOTE: Plausible's CSV export ZIP, zipped from the fixture (tests/fixtures/imports/README.md): three days.
    const zip = await zipOf(join(ROOT, "tests/fixtures/imports/plausible/export"));
    // NOTE: a page view of the site's own, weighing 500,000 bytes, today: the imported page views of
    // "/" are weighed as it weighs, and their bytes are marked estimated.
    const sent = await fetch(`${server.url}/b/v`, {
      method: "POST", body: JSON.stringify({ d: "example.com", p: "/", w: 1280, b: 500_000 }),
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": CHROME_UA },
    });
    expect(sent.status).toBe(202);
    const near = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await until("the own page view is stored", async () => {
      const res = await page.request.get(`${server.url}/api/stats?domain=example.com&startKey=${near(-2)}&endKey=${near(2)}&dataType=SUMMARY`);
      return res.ok() && ((await res.json()) as { visits: { hits: number } }).visits.hits === 1;
    });
    await page.goto(`${server.url}/settings/domains`);
    await page.getByRole("link", { name: "Import history into example.com" }).click();
    await page.waitForURL(`${server.url}/dashboard/example.com/import`);
    await hydrated(page, "form");
    await page.getByText("Nothing imported yet.").waitFor();
    await page.getByLabel("Tool").selectOption("plausible");
    await page.getByLabel("Exported file").setInputFiles({ name: "plausible-export.zip", mimeType: "application/zip", buffer: zip });
    // NOTE: a file this small may be through in one frame, so every bar that ever appears is noted.
    await page.evaluate(() => {
      const seen = window as unknown as { bars: string[] };
      seen.bars = [];
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll("[role=progressbar]")) seen.bars.push(bar.getAttribute("aria-label") ?? "");
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Imported 2024-01-01 to 2024-01-03" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { bars: string[] }).bars)).toContain("Uploading the file");
    const row = page.getByTestId("import-row");
    await row.getByText("Done").waitFor();
    expect(await row.textContent()).toContain("Plausible · 2024-01-01 to 2024-01-03");
    // The dashboard of those days says they are imported history.
    await page.goto(`${server.url}/dashboard/example.com?from=2024-01-01&to=2024-01-03`);
    await page.getByTestId("imported").filter({ hasText: "3 days of this range are imported history" }).waitFor();
    await page.getByTestId("estimated").filter({ hasText: /^Estimated: 100\.0% of these bytes are imported days' page views/ }).waitFor();
    await page.goto(`${server.url}/dashboard/example.com/import`);
    await hydrated(page, "form");
    page.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: /^Delete the Plausible import/ }).click();
    await page.getByText("Nothing imported yet.").waitFor();
  });

  test("a form is disabled while its request is on the way, and moves on with the answer", async () => {
    await page.goto(`${server.url}/settings/edit`);
    await hydrated(page, "form");
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/user", async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      await held; // NOTE: the answer waits until the test has seen the form disabled
      await route.continue();
    });
    try {
      await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("button", { name: "Sending…" }).waitFor();
      expect(await page.getByLabel("Name", { exact: true }).isDisabled()).toBe(true);
      expect(await page.locator("main form").getAttribute("aria-busy")).toBe("true");
      release();
      await page.waitForURL(`${server.url}/settings/profile`);
    } finally {
      await page.unroute("**/api/user");
    }
  });

  test("bad input on every form shows the field's message beside it and keeps what was typed", async () => {
    apiErrorsExpected = true;
    try {
      // [page, field label → value, submit button, field whose message shows, message]
      const cases: FieldCase[] = [
        ["/settings/domains", { Domain: "not a domain" }, "Add website", "Domain", /domain/i],
        ["/settings/domains", { Domain: "example.com" }, "Add website", "Domain", "example.com is in your list already."],
        ["/settings/edit", { Name: "   " }, "Save", "Name", "Enter your name."],
        ["/settings/password", { "Current password": "wrong password here", "New password": "another long one 42" }, "Change password", "Current password", "Your current password is not right."],
        ["/settings/password", { "Current password": ME.password, "New password": "short" }, "Change password", "New password", /at least 10 characters/],
        ["/settings/api-keys", { Name: "  " }, "Create key", "Name", "Name the key."],
        ["/settings/delete", { "Your password": "not my password" }, "Delete my account", "Your password", "Your password is not right."],
        ["/dashboard/example.com/delete", { "Type example.com to confirm": "example.org" }, "Delete this website", "Type example.com to confirm", "Type example.com to confirm."],
      ];
      for (const c of cases) await expectFieldError(...c);

      // The feedback box refuses an empty message without sending it.
      let sent = 0;
      const count = (r: { url(): string }) => r.url().endsWith("/api/feedback") && sent++;
      page.on("request", count);
      await page.getByRole("navigation", { name: "Settings" }).getByRole("button", { name: "Feedback" }).click();
      const box = page.getByRole("dialog", { name: "Send us a message" });
      await box.getByRole("button", { name: "Send" }).click();
      await box.getByText("Write a message first.").waitFor();
      page.off("request", count);
      expect(sent).toBe(0);
      await page.keyboard.press("Escape");

      // Signed out: sign-up, sign-in (one answer for every failure, on top) and reset.
      await page.goto(`${server.url}/signout`);
      await page.waitForURL(`${server.url}/`);
      const signedOut: FieldCase[] = [
        ["/signup", { "Your name": "Bob", Email: "not-an-email", Password: "long enough password 1" }, "Create account", "Email", "Enter a valid email address."],
        ["/signup", { "Your name": "Bob", Email: "bob@example.com", Password: "password123" }, "Create account", "Password", /common|guess/i],
        ["/reset", { Email: "nope" }, "Email me a link", "Email", "Enter a valid email address."],
      ];
      for (const c of signedOut) await expectFieldError(...c);

      await page.goto(`${server.url}/signin`);
      await signIn(ME.email, "not the password at all");
      await page.getByRole("alert").waitFor();
      expect(await page.getByLabel("Email").inputValue()).toBe(ME.email);

      await page.goto(`${server.url}/reset?token=${"x".repeat(40)}`);
      await hydrated(page, "form");
      await page.getByLabel("New password").fill("a perfectly fine password 9");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await page.getByRole("alert").getByText(/invalid, used or expired/).waitFor();
    } finally {
      apiErrorsExpected = false;
    }
  });

  test("axe-core finds no critical or serious violations on the account pages", async () => {
    const found: Record<string, unknown> = {};
    for (const path of ["/signup", "/signin", "/reset", "/verify"]) {
      await page.goto(`${server.url}${path}`);
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    await page.goto(`${server.url}/signin`);
    await signIn(ME.email, ME.password);
    await page.waitForURL(`${server.url}/settings/domains`);
    const signedIn = ["/settings/domains", "/settings/profile", "/settings/edit", "/settings/password", "/settings/security", "/settings/api-keys", "/settings/verify", "/settings/delete"];
    for (const path of [...signedIn, "/dashboard/example.com/install", "/dashboard/example.com/settings", "/dashboard/example.com/delete", "/dashboard/example.com/import"]) {
      await page.goto(`${server.url}${path}`);
      await hydrated(page, "form, main");
      await sectionsLoaded();
      const v = await axeViolations(page);
      if (v.length) found[path] = v;
    }
    // With the user menu open too.
    await page.getByRole("button", { name: /Ada Lovelace/ }).click();
    await page.locator("#user-menu").getByRole("link", { name: "example.com", exact: true }).waitFor();
    const v = await axeViolations(page);
    if (v.length) found["user menu"] = v;
    expect(found).toEqual({});
  });

  test("below 1050 px the settings pages stack the navigation above the page and never scroll sideways", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      for (const path of ["/settings/domains", "/settings/api-keys", "/dashboard/example.com/install", "/dashboard/example.com/settings", "/dashboard/example.com/import"]) {
        await page.goto(`${server.url}${path}`);
        await sectionsLoaded();
        const nav = await page.getByRole("navigation", { name: "Settings" }).boundingBox();
        const main = await page.locator("main").boundingBox();
        expect(nav!.y + nav!.height).toBeLessThanOrEqual(main!.y);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test("an API key is shown once and revoked; the name changes; a mailed reset link sets a new password; the account is deleted", async () => {
    await page.goto(`${server.url}/settings/api-keys`);
    await hydrated(page, "form");
    await page.getByLabel("Name", { exact: true }).fill("CI export");
    await page.getByRole("button", { name: "Create key" }).click();
    expect(await page.getByTestId("new-key").textContent()).toMatch(/^bothy_[\w-]+$/);
    await page.getByRole("cell", { name: "CI export", exact: true }).waitFor();
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Revoke CI export" }).click();
    await page.getByText("No keys yet.").waitFor();

    await page.goto(`${server.url}/settings/edit`);
    await hydrated(page, "form");
    await page.getByLabel("Name", { exact: true }).fill("Ada King");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${server.url}/settings/profile`);
    await page.getByRole("status").getByText("Your name is saved.").waitFor();
    await page.getByRole("button", { name: /Ada King/ }).waitFor();

    await page.goto(`${server.url}/signout`);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/reset`);
    await hydrated(page, "form");
    await page.getByLabel("Email").fill(ME.email);
    const mailed = outbox(dataDir).length;
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByText(/If an account uses this address/).waitFor();
    // NOTE: the reset mail goes out after the answer (the same answer whether the address is known).
    await outboxHolds(dataDir, mailed + 1);
    await page.goto(`${server.url}/reset?token=${mailedToken(dataDir, "/reset")}`);
    await hydrated(page, "form");
    const fresh = "a brand new passphrase 7";
    await page.getByLabel("New password").fill(fresh);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL(`${server.url}/signin?reset=1`);
    await page.getByText("Your password is changed.").waitFor();
    await signIn(ME.email, fresh);
    await page.waitForURL(`${server.url}/settings/domains`);

    await page.goto(`${server.url}/settings/delete`);
    await hydrated(page, "form");
    await page.getByLabel("Your password").fill(fresh);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(`${server.url}/deleted`);
    await page.getByRole("heading", { name: "Your account is deleted" }).waitFor();
    await page.goto(`${server.url}/settings/profile`);
    await page.waitForURL(/\/signin\?redirect=/);
  });

  test("no console error or uncaught exception appeared on any page", () => {
    expect(problems).toEqual([]);
  });
});
