// Starts the fixture website (tests/fixtures/inspect-site.mjs, under Node for its exact
// byte counts) and gives the settings that let the inspector reach it on loopback.
import { join } from "node:path";

export const TRACKER_HOSTS = ["www.google-analytics.com", "connect.facebook.net", "stats.g.doubleclick.net"];
export const CDN_HOSTS = ["fonts.gstatic.com"];

export type FixtureSite = {
  http: number;
  https: number;
  /** The fixture's process id (the bench leaves it out of the memory it reports). */
  pid: number;
  url: (path: string) => string;
  /** INSPECT_ALLOW_HOSTS / INSPECT_HOST_MAP values mapping the third-party hosts to loopback. */
  env: { INSPECT_ALLOW_HOSTS: string; INSPECT_HOST_MAP: string };
  /** Header+body bytes the servers wrote, per "host/path". */
  written(): Promise<Record<string, number>>;
  reset(): Promise<void>;
  stop(): Promise<void>;
};

export async function startFixtureSite(): Promise<FixtureSite> {
  const proc = Bun.spawn(["node", join(import.meta.dir, "..", "fixtures", "inspect-site.mjs")], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the fixture site exited before it was ready");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const ports = JSON.parse(text) as { http: number; https: number };
  const base = `http://127.0.0.1:${ports.http}`;
  const third = [...TRACKER_HOSTS, ...CDN_HOSTS];
  return {
    ...ports,
    pid: proc.pid,
    url: (path) => `${base}${path}`,
    env: {
      INSPECT_ALLOW_HOSTS: ["127.0.0.1", ...third].join(","),
      INSPECT_HOST_MAP: third.map((h) => `${h}=127.0.0.1`).join(","),
    },
    written: async () => (await fetch(`${base}/__bytes`)).json() as Promise<Record<string, number>>,
    reset: async () => void (await fetch(`${base}/__reset`)),
    stop: async () => {
      proc.kill();
      await proc.exited;
    },
  };
}
