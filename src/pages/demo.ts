// The demo domain's name for pages (config DEMO_DOMAIN, default demo.bothy.eco, empty: none):
// the dashboard lets anyone see it and the home page shows it live. Pages never run SQL.
// NOTE: read from the environment the server was started with, as src/config parses it.
export function demoName(env: Record<string, string | undefined> = process.env): string | null {
  const raw = env.DEMO_DOMAIN;
  if (raw === "") return null;
  return (raw ?? "demo.bothy.eco").trim().toLowerCase() || null;
}
