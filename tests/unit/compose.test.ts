// The documented Docker Compose deployment keeps the inspector's browser away from the database:
// the inspector holds no database credentials and no SECRET_KEY, shares no network with the
// database, and runs under a seccomp profile that lets Chromium build its sandbox; the database
// image is pinned and its password comes from the environment.
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const ROOT = join(import.meta.dir, "../..");

type Service = {
  image?: string;
  user?: string;
  environment?: Record<string, string>;
  networks?: string[];
  security_opt?: string[];
};
type Compose = { services: Record<string, Service>; networks?: Record<string, { internal?: boolean } | null> };

const compose = parse(readFileSync(join(ROOT, "docker-compose.yml"), "utf8")) as Compose;
const { db, app, inspector } = compose.services as Record<"db" | "app" | "inspector", Service>;

describe("docker-compose.yml", () => {
  test("the inspector holds no database credentials and no SECRET_KEY, and asks the app instead", () => {
    const env = inspector.environment ?? {};
    expect(Object.keys(env).filter((k) => /DATABASE|POSTGRES|SECRET_KEY/.test(k))).toEqual([]);
    expect(JSON.stringify(env)).not.toMatch(/postgres(ql)?:\/\//);
    expect(env.APP_URL).toBe("http://app:3000");
    expect(env.INSPECT_TOKEN).toMatch(/^\$\{INSPECT_TOKEN:\?.+\}$/);
    expect(app.environment?.INSPECT_TOKEN).toBe(env.INSPECT_TOKEN);
    expect(inspector.user).toBe("10002:10002");
  });

  test("the database is on an internal network shared with the app only", () => {
    const dbNets = db.networks ?? [];
    expect(dbNets.length).toBeGreaterThan(0);
    for (const net of dbNets) expect({ net, internal: compose.networks?.[net]?.internal }).toEqual({ net, internal: true });
    const sharing = Object.entries(compose.services).filter(([, s]) => (s.networks ?? []).some((n) => dbNets.includes(n)));
    expect(sharing.map(([name]) => name).sort()).toEqual(["app", "db"]);
    // NOTE: a service without `networks` would join the default network; every service names its own.
    expect(Object.values(compose.services).every((s) => (s.networks ?? []).length > 0)).toBe(true);
    expect((inspector.networks ?? []).filter((n) => dbNets.includes(n))).toEqual([]);
    expect((inspector.networks ?? []).every((n) => (app.networks ?? []).includes(n))).toBe(true);
  });

  test("the inspector runs under the shipped seccomp profile, which allows Chromium's namespace sandbox", () => {
    const seccomp = (inspector.security_opt ?? []).find((o) => o.startsWith("seccomp="));
    expect(seccomp).toBeDefined();
    const file = join(ROOT, seccomp!.slice("seccomp=".length));
    expect(existsSync(file)).toBe(true);
    const profile = JSON.parse(readFileSync(file, "utf8")) as { defaultAction: string; syscalls: { names: string[]; action: string; args?: unknown[] }[] };
    // Deny by default, like Docker's own, with clone/unshare/setns allowed whatever their flags.
    expect(profile.defaultAction).toBe("SCMP_ACT_ERRNO");
    for (const call of ["clone", "unshare", "setns", "chroot"]) {
      expect({ call, allowed: profile.syscalls.some((r) => r.names.includes(call) && r.action === "SCMP_ACT_ALLOW" && !r.args) }).toEqual({ call, allowed: true });
    }
    // Still refused: what no inspector needs and Docker's default refuses without capabilities.
    const allowed = new Set(profile.syscalls.filter((r) => r.action === "SCMP_ACT_ALLOW").flatMap((r) => r.names));
    expect(["mount", "bpf", "kexec_load", "init_module", "reboot", "keyctl", "add_key"].filter((c) => allowed.has(c))).toEqual([]);
    expect(inspector.security_opt).toContain("no-new-privileges:true");
  });

  test("the database image has an exact version tag and no literal password", () => {
    expect(db.image).toMatch(/^timescale\/timescaledb:\d+\.\d+\.\d+-pg\d+$/);
    const password = db.environment?.POSTGRES_PASSWORD ?? "";
    expect(password).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/bothy:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/bothy$/);
    expect(readFileSync(join(ROOT, "docker-compose.yml"), "utf8")).not.toMatch(/bothy:bothy@|POSTGRES_PASSWORD: bothy/);
  });
});
