// Two-factor sign-in in real Chromium against the real server process, under REQUIRE_ADMIN_2FA: an
// admin without it is sent from the admin area to the security page; turn it on there (the secret read off the page, codes computed as an authenticator app would), save
// the recovery codes, sign out, sign in with a code; a recovery code signs in once and is refused
// the second time; the admin area opens. Then a passkey, registered on the same page with Chromium's
// virtual authenticator, signs in alone, and answers a password sign-in's second step instead of a
// code; no console error appears on the way.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { hashPassword } from "../../src/auth/passwords";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db";
import { hydrated, launchBrowser } from "../helpers/browser";
import { freshDatabase } from "../helpers/db";
import { removedAfterAll } from "../helpers/scratch";
import { spawnServer, TEST_ENV, type Child } from "../helpers/server";

const ME = { email: "grace@example.com", password: "compiler of 1952" };
const scratch = removedAfterAll();
let server: Child;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const problems: string[] = [];
// NOTE: Chromium logs a 4xx answer as a console error; the refused recovery code provokes one.
let refusalExpected = false;

beforeAll(async () => {
  const fresh = scratch(await freshDatabase());
  // NOTE: HOST=localhost, so the public origin is http://localhost:PORT: WebAuthn takes a host name
  // as its relying party, never an IP address.
  const env = { ...fresh.env, LOG_LEVEL: "warn", REQUIRE_ADMIN_2FA: "true", HOST: "localhost" };
  const db = await openDatabase(loadConfig({ ...TEST_ENV, ...env, LOG_LEVEL: "silent" }));
  try {
    await db.sql`INSERT INTO users (email, name, password_hash, verified) VALUES (${ME.email}, 'Grace Hopper', ${await hashPassword(ME.password)}, true)`;
    await db.sql`UPDATE users SET scope = '{admin}' WHERE email = ${ME.email}`;
  } finally {
    await db.close();
  }
  server = await spawnServer("src/server.ts", env, { timeoutMs: 60_000 });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on("console", (m) => {
    const expected = refusalExpected && /status of 401/.test(m.text()) && m.location().url.includes("/api/signin/code");
    if (m.type() === "error" && !expected) problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGTERM");
  await server?.exited;
});

/** The sign-in page's first step; answers once the page asks for the second. */
async function password() {
  await page.goto(`${server.url}/signin`);
  await hydrated(page, "form");
  await page.getByLabel("Email").fill(ME.email);
  await page.getByLabel("Password").fill(ME.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function secondStep(code: string) {
  await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOut() {
  await page.goto(`${server.url}/signout`);
  await page.waitForURL(`${server.url}/`);
}

describe("two-factor sign-in", () => {
  test("an admin turns it on, signs out, signs in with a code; a recovery code works once; the admin area opens", async () => {
    await password();
    await page.waitForURL(`${server.url}/settings/domains`);

    await page.goto(`${server.url}/admin/users`);
    await page.waitForURL(`${server.url}/settings/security?required`);
    await page.getByRole("alert").getByText("turn it on to reach the admin area").waitFor();
    await page.getByText("Two-factor sign-in is off.").waitFor();
    await hydrated(page, "form");
    await page.getByLabel("Your password").fill(ME.password);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    // NOTE: an app's codes, one 30 s step after the other, so the two used here never collide.
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const first = Math.floor(Date.now() / 30_000);
    await page.getByLabel("Code").fill(totp.generate({ timestamp: first * 30_000 }));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await page.getByTestId("recovery-codes").waitFor();
    const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByText("You have 10 unused recovery codes.").waitFor();

    await signOut();
    await password();
    await secondStep(totp.generate({ timestamp: (first + 1) * 30_000 }));
    await page.waitForURL(`${server.url}/settings/domains`);

    await signOut();
    await password();
    await secondStep(codes[0]!);
    await page.waitForURL(`${server.url}/settings/domains`);
    await page.goto(`${server.url}/settings/security`);
    await page.getByText("You have 9 unused recovery codes.").waitFor();

    await signOut();
    await password();
    refusalExpected = true;
    await secondStep(codes[0]!);
    await page.getByText("This code is not right, or was used already.").waitFor();
    expect(page.url()).toBe(`${server.url}/signin`);
    refusalExpected = false;

    await page.getByLabel("Code").fill(codes[1]!);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${server.url}/settings/domains`);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole("heading", { name: "Users" }).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);

  test("a passkey registered on the security page signs in alone, answers the second step after a password, and can be removed", async () => {
    // NOTE: Chromium's virtual authenticator (DevTools protocol): a platform authenticator that
    // holds discoverable credentials and says yes to every prompt.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    // Signed in from the test before.
    await page.goto(`${server.url}/settings/security`);
    await hydrated(page, "form");
    await page.getByLabel("Passkey name").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("button", { name: "Remove Test laptop" }).waitFor();

    await signOut();
    await page.goto(`${server.url}/signin`);
    await hydrated(page, "form");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${server.url}/settings/domains`);

    await signOut();
    await password();
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.waitForURL(`${server.url}/settings/domains`);
    await page.goto(`${server.url}/settings/security`);
    await page.getByText(/last used/).waitFor();
    await page.getByRole("button", { name: "Remove Test laptop" }).click();
    await page.getByTestId("passkeys").waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  }, 120_000);
});
