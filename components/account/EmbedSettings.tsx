"use client";
// Embedding a website's public dashboard in other sites, for its owner and the editors and admins of
// its team (anyone else's read is a 403 or 404, and nothing shows): the switch and the sites allowed to frame it, one origin a line. The
// iframe snippet is in the docs, which the section links to.
import { useEffect, useState } from "react";
import { ApiForm } from "../forms/ApiForm";
import { api } from "../forms/api";

type Embed = { enabled: boolean; origins: string[] };

export function EmbedSettings({ domain }: { domain: string }) {
  const [embed, setEmbed] = useState<Embed | null>(null);
  const path = `/api/domains/${encodeURIComponent(domain)}/embed`;
  useEffect(() => void api<Embed>("GET", path).then((r) => setEmbed(r.ok ? r.data : null)), [path]);
  if (!embed) return null;

  return (
    <section className="mt-8 border-t border-gray-200 pt-6 dark:border-gray-800" aria-labelledby="embed-settings">
      <h2 id="embed-settings" className="text-lg font-semibold">Embed in your site</h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Show the public dashboard inside your own pages, in an iframe that only the sites listed here may use.{" "}
        <a href="/docs/public-dashboards#embed-it-in-your-site" className="text-blue-700 underline dark:text-blue-400">The snippet to paste</a>
      </p>
      <div className="mt-4">
        <ApiForm
          method="PATCH"
          action={path}
          submit="Save"
          fields={[
            { name: "enabled", label: "Let these sites show the public dashboard in a frame", type: "checkbox", defaultValue: embed.enabled },
            {
              name: "origins",
              label: "Sites allowed to frame it",
              type: "textarea",
              defaultValue: embed.origins.join("\n"),
              hint: "One origin a line, like https://www.example.com: https, or http for localhost only; no path.",
            },
          ]}
          then={{ message: "Saved." }}
        />
      </div>
    </section>
  );
}
