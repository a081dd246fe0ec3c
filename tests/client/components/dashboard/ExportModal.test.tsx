// The Export modal while a file is built: the request names the range, format and tables; the
// status line shows the bytes received so far and the buttons stay disabled until the last byte;
// the file is then handed to the browser under the server's name; an error answer is shown in
// words; a public dashboard's export names its id and sends its password, and offers no annotations;
// the dashboard's filters go along and the modal says them.
// Served by a loopback Bun.serve playing /api/export, which holds its body half-way.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ExportModal } from "../../../../components/dashboard/ExportModal";
import type { Filter } from "../../../../src/shared/filters";

const BunResponse = (globalThis as unknown as { BunResponse: typeof Response }).BunResponse;
const FIRST = 3000;
const REST = 2000;
const asked: URLSearchParams[] = [];
const passwords: (string | null)[] = [];
let release = () => {};

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const q = new URL(req.url).searchParams;
    asked.push(q);
    passwords.push(req.headers.get("x-dashboard-password"));
    if (q.get("format") === "csv") return BunResponse.json({ error: { status: 403, code: "forbidden", message: "Exports are a Pro feature." } }, { status: 403 });
    const held = new Promise<void>((ok) => (release = ok));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(FIRST));
        await held;
        controller.enqueue(new Uint8Array(REST));
        controller.close();
      },
    });
    return new BunResponse(body, { headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="shop.example_2026-03-01_2026-03-07.xlsx"' } });
  },
});

beforeAll(() => (globalThis as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`http://127.0.0.1:${server.port}/dashboard/shop.example`));
afterAll(() => server.stop(true));

const RANGE = { startKey: "2026-03-01", endKey: "2026-03-07" };
const statusLine = () => screen.getByRole("status").textContent ?? "";

test("progress while the file streams, then the browser gets it under the server's name", async () => {
  const saved: { name: string; href: string }[] = [];
  // NOTE: the download link is clicked and removed at once; its click is caught, not followed.
  const catchClick = (e: Event) => {
    const a = e.target as HTMLAnchorElement;
    if (!a.download) return;
    saved.push({ name: a.download, href: a.href });
    e.preventDefault();
  };
  document.addEventListener("click", catchClick, true);
  render(<ExportModal target={{ domain: "shop.example" }} range={RANGE} filters={[]} allowed track={false} onClose={() => {}} />);
  fireEvent.click(screen.getByLabelText(/All tables/));
  fireEvent.click(screen.getByRole("button", { name: "XLSX" }));

  await waitFor(() => expect(statusLine()).toContain("3 kB received"));
  expect(statusLine()).toContain("Building the XLSX file");
  expect(screen.getByRole("button", { name: "XLSX" }).hasAttribute("disabled")).toBe(true);
  expect(screen.getByRole("button", { name: "CSV (ZIP)" }).hasAttribute("disabled")).toBe(true);
  expect(saved).toEqual([]);
  const q = asked.at(-1)!;
  expect(Object.fromEntries(q)).toEqual({ domain: "shop.example", ...RANGE, format: "xlsx", tables: "all" });

  await act(async () => release());
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toBe("shop.example_2026-03-01_2026-03-07.xlsx");
  expect(saved[0]!.href).toStartWith("blob:");
  await waitFor(() => expect(statusLine()).toBe(""));
  expect(screen.getByRole("button", { name: "XLSX" }).hasAttribute("disabled")).toBe(false);
  document.removeEventListener("click", catchClick, true);
});

test("an error answer is shown in words and the buttons come back", async () => {
  render(<ExportModal target={{ domain: "shop.example" }} range={RANGE} filters={[]} allowed track={false} onClose={() => {}} />);
  fireEvent.click(screen.getByRole("button", { name: "CSV (ZIP)" }));
  await waitFor(() => expect(statusLine()).toBe("Exports are a Pro feature."));
  expect(asked.at(-1)!.get("tables")).toBe("quick");
  expect(screen.getByRole("button", { name: "CSV (ZIP)" }).hasAttribute("disabled")).toBe(false);
});

test("without Pro the promo stands where the buttons were", () => {
  render(<ExportModal target={{ domain: "shop.example" }} range={RANGE} filters={[]} allowed={false} track={false} onClose={() => {}} />);
  expect(screen.getByTestId("pro-promo").textContent).toContain("Unlock Pro Features");
  expect(screen.queryByRole("button", { name: "XLSX" })).toBeNull();
});

test("a public dashboard's export: its id and password, and no annotations offered", async () => {
  const { unmount } = render(<ExportModal target={{ domain: "shop.example" }} range={RANGE} filters={[]} allowed track={false} onClose={() => {}} />);
  expect(screen.getByLabelText(/All tables/).closest("label")!.textContent).toContain("your Annotations");
  unmount();
  render(<ExportModal target={{ id: "a1b2c3", password: "open sesame" }} range={RANGE} filters={[]} allowed track={false} onClose={() => {}} />);
  expect(screen.getByLabelText(/All tables/).closest("label")!.textContent).not.toContain("Annotations");
  fireEvent.click(screen.getByRole("button", { name: "CSV (ZIP)" }));
  await waitFor(() => expect(statusLine()).toBe("Exports are a Pro feature."));
  expect(Object.fromEntries(asked.at(-1)!)).toEqual({ id: "a1b2c3", ...RANGE, format: "csv", tables: "quick" });
  expect(passwords.at(-1)).toBe("open sesame");
});

test("the filters go along as the API's JSON and the modal says them in words", async () => {
  const filters: Filter[] = [["is", "source", ["search"]], ["is_not", "country", ["FR", "DE"]]];
  render(<ExportModal target={{ domain: "shop.example" }} range={RANGE} filters={filters} allowed track={false} onClose={() => {}} />);
  expect(screen.getByRole("dialog").textContent).toContain("filtered: Source is Search; Country is not France nor Germany");
  fireEvent.click(screen.getByRole("button", { name: "CSV (ZIP)" }));
  await waitFor(() => expect(statusLine()).toBe("Exports are a Pro feature."));
  expect(JSON.parse(asked.at(-1)!.get("filters")!)).toEqual(filters);
});
