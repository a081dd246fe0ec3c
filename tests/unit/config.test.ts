import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig, SETTINGS } from "../../src/config";
import { assertServable } from "../../src/origin";

describe("loadConfig", () => {
  test("defaults apply when the environment is empty", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe("127.0.0.1");
    expect(c.DATA_DIR).toBe("./data");
    expect(c.LOG_LEVEL).toBe("info");
    expect(c.DATABASE_URL).toBeUndefined();
  });

  test("an empty value counts as unset", () => {
    expect(loadConfig({ PORT: "" }).PORT).toBe(3000);
  });

  test("DEMO_DOMAIN: a host name, empty turns the demo off, unset is the default", () => {
    expect(loadConfig({}).DEMO_DOMAIN).toBe("demo.bothy.eco");
    expect(loadConfig({ DEMO_DOMAIN: "" }).DEMO_DOMAIN).toBe("");
    expect(loadConfig({ DEMO_DOMAIN: "Demo.Example.com" }).DEMO_DOMAIN).toBe("demo.example.com");
    expect(() => loadConfig({ DEMO_DOMAIN: "https://demo.example.com/" })).toThrow(ConfigError);
  });

  test("values are parsed to their types", () => {
    const c = loadConfig({ PORT: "8080", DATABASE_URL: "postgres://u:p@db:5432/bothy", LOG_LEVEL: "debug" });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe("postgres://u:p@db:5432/bothy");
    expect(c.LOG_LEVEL).toBe("debug");
  });

  test("serving needs BASE_URL off loopback, and only there", () => {
    expect(() => assertServable(loadConfig({ HOST: "0.0.0.0" }))).toThrow(
      new ConfigError("BASE_URL is required when HOST=0.0.0.0 is not a loopback address: set it to this instance's public URL, e.g. https://bothy.example."),
    );
    expect(() => assertServable(loadConfig({ HOST: "0.0.0.0", BASE_URL: "https://bothy.example" }))).not.toThrow();
    for (const HOST of ["127.0.0.1", "127.0.0.2", "localhost", "::1"]) expect(() => assertServable(loadConfig({ HOST }))).not.toThrow();
  });

  test("serving on a database server needs SECRET_KEY, which every node there must share", () => {
    const DATABASE_URL = "postgres://u:p@db:5432/bothy";
    expect(() => assertServable(loadConfig({ DATABASE_URL }))).toThrow(
      new ConfigError("SECRET_KEY is required with DATABASE_URL: every process on one database must sign with the same key (set it to at least 32 random characters, the same on every node)."),
    );
    expect(() => assertServable(loadConfig({ DATABASE_URL, SECRET_KEY: "k".repeat(32) }))).not.toThrow();
    expect(() => assertServable(loadConfig({}))).not.toThrow();
  });

  test("single sign-on: all three OIDC settings or none, an https issuer (http on localhost only), domains lower-cased", () => {
    const sso = { OIDC_ISSUER: "https://id.example.com/realms/staff/", OIDC_CLIENT_ID: "bothy", OIDC_CLIENT_SECRET: "s" };
    expect(loadConfig(sso).OIDC_ISSUER).toBe("https://id.example.com/realms/staff");
    expect(loadConfig({}).OIDC_ISSUER).toBeUndefined();
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_SECRET: "" })).toThrow(
      new ConfigError("Missing OIDC_CLIENT_SECRET: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET."),
    );
    expect(() => loadConfig({ OIDC_ISSUER: sso.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: "http://id.example.com" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: "http://localhost.example.com" })).toThrow(ConfigError);
    expect(loadConfig({ ...sso, OIDC_ISSUER: "http://127.0.0.1:9000" }).OIDC_ISSUER).toBe("http://127.0.0.1:9000");
    expect(loadConfig({ ...sso, OIDC_ALLOWED_DOMAINS: "Example.com, example.org" }).OIDC_ALLOWED_DOMAINS).toEqual(["example.com", "example.org"]);
    expect(() => loadConfig({ ...sso, OIDC_ALLOWED_DOMAINS: "@example.com" })).toThrow(ConfigError);
  });

  test("TRUSTED_PROXIES takes addresses and CIDR ranges of both families", () => {
    const trusted = loadConfig({ TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.7,2001:db8::/32" }).TRUSTED_PROXIES!;
    expect(trusted.check("10.9.8.7", "ipv4")).toBe(true);
    expect(trusted.check("192.0.2.7", "ipv4")).toBe(true);
    expect(trusted.check("192.0.2.8", "ipv4")).toBe(false);
    expect(trusted.check("2001:db8:ffff::1", "ipv6")).toBe(true);
    expect(loadConfig({}).TRUSTED_PROXIES).toBeUndefined();
  });

  test("BASE_URL loses its trailing slash", () => {
    expect(loadConfig({ BASE_URL: "https://bothy.example/" }).BASE_URL).toBe("https://bothy.example");
  });

  const bad: [string, string, string][] = [
    ["PORT", "abc", "an integer from 0 to 65535"],
    ["PORT", "70000", "an integer from 0 to 65535"],
    ["PORT", "80.5", "an integer from 0 to 65535"],
    ["DATABASE_URL", "mysql://x", "a URL starting with postgres:// or postgresql://"],
    ["BASE_URL", "not a url", "a URL starting with http:// or https://"],
    ["LOG_LEVEL", "loud", "one of debug, info, warn, error, silent"],
    ["SECRET_KEY", "short", "at least 32 characters"],
    ["API_RATE_LIMIT", "0", "an integer from 1 to 1000000"],
    ["OEMBED_API_BASE", "publish.twitter.com", "a URL starting with http:// or https://"],
    ["TRUSTED_PROXIES", "10.0.0.0/33", "a comma-separated list of IP addresses or CIDR ranges"],
    ["TRUSTED_PROXIES", "proxy.example", "a comma-separated list of IP addresses or CIDR ranges"],
  ];
  for (const [name, value, accepts] of bad) {
    test(`${name}=${value} is refused with one line naming it`, () => {
      let error: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toBe(`Invalid ${name}=${JSON.stringify(value)}: expected ${accepts}.`);
      expect(message).not.toContain("\n");
    });
  }

  test(".env.example lists every setting with its default", async () => {
    const example = await Bun.file(new URL("../../.env.example", import.meta.url)).text();
    for (const [name, s] of Object.entries(SETTINGS)) {
      expect(example).toMatch(new RegExp(`^#? ?${name}=${(s as { fallback?: string }).fallback ?? ""}$`, "m"));
    }
  });
});
