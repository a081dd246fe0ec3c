// The Bots & crawlers section: the range's answer drawn as a bar of bytes by purpose and a table of
// crawlers with their operator, requests, data and energy, totals below; the empty range says how
// to send a log; an error is said; a public dashboard asks nothing (fetch is a stand-in answering
// the crawlers' API).
import { afterEach, describe, expect, test } from "bun:test";
import { render, screen, waitFor } from "@testing-library/react";
import { Crawlers, formatEnergy } from "../../../../components/dashboard/widgets/Crawlers";
import type { CrawlerStats } from "../../../../src/shared/crawlers";
import { fakeFetch } from "../../fake-fetch";

const fetchReal = globalThis.fetch;
afterEach(() => void (globalThis.fetch = fetchReal));
const RANGE = { startKey: "2026-11-01", endKey: "2026-11-28" };


const STATS: CrawlerStats = {
  rows: [
    { crawler: "GPTBot", operator: "OpenAI", purpose: "training", requests: 3000, bytes: 300_000_000, kwh: 0.09 },
    { crawler: "Googlebot", operator: "Google", purpose: "search", requests: 1000, bytes: 100_000_000, kwh: 0.03 },
    { crawler: "Other bots", operator: "Other bots", purpose: "other", requests: 5, bytes: 2_000, kwh: 0.0000006 },
  ],
  total: { requests: 4005, bytes: 400_002_000, kwh: 0.1200006 },
};

describe("Crawlers", () => {
  test("asks for the range, and draws the purposes' shares and each crawler's figures", async () => {
    const asked = fakeFetch(200, STATS);
    const { container } = render(<Crawlers domain="shop.example" range={RANGE} limit={10} tick={1} />);
    await waitFor(() => expect(container.querySelector('[data-crawler="GPTBot"]')).not.toBeNull());
    expect(asked).toEqual(["/api/domains/shop.example/crawlers?startKey=2026-11-01&endKey=2026-11-28"]);
    const gpt = container.querySelector('[data-crawler="GPTBot"]')!.textContent!;
    expect(gpt).toContain("OpenAI · AI training");
    expect(gpt).toContain("3,000");
    expect(gpt).toContain("300 MB");
    expect(gpt).toContain("90 Wh");
    expect(container.querySelector('[data-crawler="Other bots"]')!.textContent).toContain("Other");
    expect(container.querySelector('[data-total="requests"]')!.textContent).toBe("4,005");
    expect(container.querySelector('[data-total="energy"]')!.textContent).toBe("120 Wh");
    const bar = screen.getByRole("img");
    expect(bar.getAttribute("aria-label")).toBe("AI training 75.0%, Search 25.0%, Other <0.01%");
    expect((container.querySelector('[data-purpose="training"]') as HTMLElement).style.width).toBe(`${(300_000_000 / 400_002_000) * 100}%`);
  });

  test("shows at most the list's limit of crawlers", async () => {
    fakeFetch(200, STATS);
    const { container } = render(<Crawlers domain="shop.example" range={RANGE} limit={2} tick={1} />);
    await waitFor(() => expect(container.querySelector('[data-crawler="GPTBot"]')).not.toBeNull());
    expect(container.querySelectorAll("[data-crawler]").length).toBe(2);
    expect(screen.getByText("All 3 crawlers")).toBeTruthy();
  });

  test("an empty range says how to send the server's log; an error is said", async () => {
    fakeFetch(200, { rows: [], total: { requests: 0, bytes: 0, kwh: 0 } });
    const { unmount } = render(<Crawlers domain="shop.example" range={RANGE} limit={10} tick={1} />);
    await waitFor(() => expect(screen.getByText(/No bots or crawlers counted in this range/)).toBeTruthy());
    expect(screen.getByRole("link", { name: "send its lines to Bothy" }).getAttribute("href")).toBe("/docs/crawlers");
    unmount();
    fakeFetch(404, { error: { message: "No such domain." } });
    render(<Crawlers domain="shop.example" range={RANGE} limit={10} tick={1} />);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("No such domain."));
  });

  test("a public dashboard asks nothing and says the section is the team's", () => {
    const asked = fakeFetch(200, STATS);
    render(<Crawlers domain={null} range={RANGE} limit={10} tick={1} />);
    expect(screen.getByText(/shown to the website's team only/)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  test("energy in watt-hours below a kilowatt-hour", () => {
    expect([formatEnergy(2.5), formatEnergy(0.12), formatEnergy(0.0042), formatEnergy(0)]).toEqual(["2.50 kWh", "120 Wh", "4.2 Wh", "0.0 Wh"]);
  });
});
