// The first-party proxy guide (content/docs/proxy.md) as tests use it: its code blocks by language
// with the placeholders swapped for loopback addresses, and nginx or Caddy started on loopback with
// the guide's block inside a minimal configuration of their own. The deployment guide's nginx
// (content/docs/deployment.md) is read the same way.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inheritedClock } from "./fake-clock";
import { removeDir } from "./db";
import { until } from "./collect";
import { ROOT } from "./server";

const GUIDE = join(ROOT, "content", "docs", "proxy.md");
export const DEPLOYMENT_GUIDE = join(ROOT, "content", "docs", "deployment.md");

/** The one fenced block of `lang` in the guide; throws when there is none or more than one. */
export function guideBlock(lang: string, guide = GUIDE): string {
  const blocks = [...readFileSync(guide, "utf8").matchAll(/^```(\S+)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === lang);
  if (blocks.length !== 1) throw new Error(`${guide} has ${blocks.length} \`\`\`${lang} blocks, not one`);
  return blocks[0]![2]!;
}

/** The guide's text with Bothy's origin (`https://bothy.example`) and host replaced by `bothy` (an origin). */
export const pointAt = (text: string, bothy: string) =>
  text.replaceAll("https://bothy.example", bothy).replaceAll("bothy.example", new URL(bothy).host);

/** The Debian package's binary when it is installed, else null. NOTE: /usr/sbin is not on every PATH. */
const installed = (name: string): string | null =>
  Bun.which(name) ?? ["/usr/sbin", "/usr/bin"].map((dir) => join(dir, name)).find((path) => existsSync(path)) ?? null;

/** The installed binary; a missing one fails the test with how to install it, rather than passing unseen. */
export function requireInstalled(name: string): string {
  const binary = installed(name);
  if (!binary) throw new Error(`${name} is not installed: apt-get install -y ${name} (.ci/run installs it when missing)`);
  return binary;
}

/** A port nothing listens on right now, for servers that cannot report the one they chose. */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

export type ProxyServer = { origin: string; stop(): Promise<void> };

/**
 * Starts `argv` (built from the scratch dir and the port) after `write` put its configuration there,
 * serving `page` as /index.html; resolves once the page answers through it.
 */
async function startServer(
  name: string,
  page: string,
  write: (dir: string, port: number) => string[],
  port = freePort(),
): Promise<ProxyServer> {
  const dir = mkdtempSync(join(tmpdir(), `bothy-${name}-`));
  // NOTE: nginx run as root serves files from worker processes of another user: let them read.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, "site"), { mode: 0o755 });
  writeFileSync(join(dir, "site", "index.html"), page, { mode: 0o644 });
  const origin = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(write(dir, port), {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", ...inheritedClock(), HOME: dir, XDG_DATA_HOME: join(dir, "data"), XDG_CONFIG_HOME: join(dir, "config") },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]).then((parts) => parts.join(""));
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    removeDir(dir);
  };
  try {
    // NOTE: a configuration the server refuses ends it at once: fail with its words, not a timeout.
    const failed = proc.exited.then(async (code) => Promise.reject(new Error(`${name} exited with ${code}: ${await output}`)));
    failed.catch(() => {}); // after a clean start, its stop ends the process too
    await Promise.race([until(`${name} to serve the page`, async () => (await fetch(`${origin}/`).catch(() => null))?.ok), failed]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

/**
 * nginx with the guide's `location` block in a server on loopback (and `http`, e.g. an `upstream`,
 * beside that server), on `port` when given; everything it writes stays in its dir.
 */
export const startNginx = (binary: string, block: string, page: string, http = "", port?: number) =>
  startServer("nginx", page, (dir, port) => {
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/tmp/${t};`).join("\n  ");
    mkdirSync(join(dir, "tmp"), { mode: 0o777 });
    writeFileSync(
      join(dir, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  ${temp}
  types { text/html html; }
  ${http}
  server {
    listen 127.0.0.1:${port};
    root ${dir}/site;
${block}
  }
}
`,
    );
    return [binary, "-p", dir, "-e", "stderr", "-c", join(dir, "nginx.conf"), "-g", "daemon off;"];
  }, port);

/** Caddy with the guide's block in a plain-HTTP site on loopback: no admin endpoint, no certificates. */
export const startCaddy = (binary: string, block: string, page: string) =>
  startServer("caddy", page, (dir, port) => {
    writeFileSync(
      join(dir, "Caddyfile"),
      `{
	admin off
	auto_https off
	storage file_system ${dir}/data
}
http://127.0.0.1:${port} {
	bind 127.0.0.1
	root * ${dir}/site
${block}
	file_server
}
`,
    );
    return [binary, "run", "--adapter", "caddyfile", "--config", join(dir, "Caddyfile")];
  });
