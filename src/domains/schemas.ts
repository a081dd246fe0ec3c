// The request schemas the domains room's session routes (/api/domains) and key routes (/api/sites)
// share, so both take the same fields with the same messages.
import { t } from "elysia";

const tz = t.String({ maxLength: 64, error: "Choose a time zone from the list." });
export const domainParam = t.Object({ domain: t.String({ maxLength: 253 }) });
export const AddBody = t.Object({
  domain: t.String({ maxLength: 300, error: "Enter a domain like example.com.", examples: ["example.com"] }),
  tz: t.Optional(tz),
});
export const SettingsBody = t.Object({
  tz: t.Optional(tz),
  public: t.Optional(t.Boolean()),
  privacyPage: t.Optional(t.Boolean()),
  publicExport: t.Optional(t.Boolean()),
  publicRealtime: t.Optional(t.Boolean()),
  carbonBadge: t.Optional(t.Boolean()),
  // NOTE: "" removes the password.
  password: t.Optional(t.String({ maxLength: 200, error: "Use at most 200 characters." })),
});
export type Settings = typeof SettingsBody.static;
