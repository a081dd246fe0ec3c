// The soak bench run for 15 seconds (`npm run bench:soak -- --seconds 15`): the real server on the
// embedded database under 5,000 views/s, 5 dashboard loads a second and an inspection. What must
// hold on any machine is asserted: every view answered 202 is stored once, the closing report and
// the dashboards' loads happened, the inspection ran to its end. Its latencies and RSS are figures
// the bench prints against its goals, not assertions; the 10-minute soak stays a bench.
import { expect, test } from "bun:test";
import { ROOT, runToExit } from "../helpers/server";

test("15 seconds of soak: every accepted view is stored, the dashboards and the inspection answered", async () => {
  const { stdout, stderr } = await runToExit("bench/soak.ts", {}, ROOT, ["--seconds", "15"]);
  const out = `${stdout}\n${stderr}`;
  const totals = /sent (\d+), accepted (\d+), refused (\d+), failed (\d+), stored (\d+), lost (-?\d+)/.exec(stdout);
  expect(totals, out).not.toBeNull();
  const [sent, accepted, refused, , stored, lost] = totals!.slice(1).map(Number) as [number, number, number, number, number, number];
  expect(lost).toBe(0);
  expect(stored).toBe(accepted);
  expect(accepted).toBeGreaterThan(1_000);
  expect(accepted + refused).toBeLessThanOrEqual(sent);
  // NOTE: a report every 30 s and one at the end of the run: here that one.
  expect(stdout.match(/^\s*\d+ s {2}accepted \d+\/s/gm)?.length, out).toBe(1);
  const loads = Number(/dashboard loads (\d+)/.exec(stdout)?.[1] ?? 0);
  expect(loads).toBeGreaterThan(0);
  // NOTE: every inspection asked is stored and ran to its end, done or failed, none left queued or
  // running (the bench waits for them before it stops the server). Failed runs are printed with
  // their reason.
  const asked = /^inspections asked (\d+): (.*)$/m.exec(stdout);
  expect(asked, out).not.toBeNull();
  const ended = [...asked![2]!.matchAll(/(\d+) (done|failed)/g)].reduce((n, m) => n + Number(m[1]), 0);
  expect(Number(asked![1])).toBeGreaterThan(0);
  expect(ended, out).toBe(Number(asked![1]));
  expect(stdout).toMatch(/^verdict: (PASS|FAIL)$/m);
}, 600_000);
