// One funnel's answer (src/shared/funnels.ts FunnelResult): each step as a bar proportional to its
// count (the first step is 100 %), its goal's name, its count ("≈" when it is an estimate), its
// change against the previous period coloured by meaning (more is good news), the conversion from
// the step before, the drop-off and the grams of CO2 of its page views; then the overall conversion.
import type { FunnelResult, FunnelStepRow } from "../../../src/shared/funnels";
import { formatGrams } from "../../inspect/format";
import { formatNumber, formatPercent } from "../format";
import { CHIP } from "./Events";
import { Change } from "./ListRows";

export const ESTIMATE_TITLE = "An estimate: this step comes after an event step, and an event shares no page view with what follows it, so the link goes through the pages the event was sent on.";

/** A share as a percent, or "—" when there is none (after a step of 0). */
const share = (fraction: number | null) => (fraction === null ? "—" : formatPercent(fraction));

export function FunnelSteps({ result }: { result: FunnelResult }) {
  const first = result.steps[0]!.count;
  return (
    <>
      <ol className="flex flex-col gap-3" data-testid="funnel-steps">
        {result.steps.map((s, i) => <StepLine key={`${i}:${s.goal.id}`} step={s} index={i} first={first} />)}
      </ol>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2 border-t border-gray-200 pt-3 text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300">
        Overall conversion, first step to last:
        <strong className="text-base font-semibold text-gray-900 tabular-nums dark:text-white" data-testid="funnel-overall">{share(result.overall)}</strong>
      </p>
    </>
  );
}

function StepLine({ step: s, index, first }: { step: FunnelStepRow; index: number; first: number }) {
  const width = first > 0 ? (s.count / first) * 100 : 0;
  const before = s.dropOff === null ? null : s.count + s.dropOff;
  return (
    <li className="min-w-0" data-testid="funnel-step" data-goal={s.goal.name}>
      <div className="flex items-start gap-2 text-sm">
        <span aria-hidden="true" className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-gray-100 text-[11px] font-semibold text-gray-700 dark:bg-gray-800 dark:text-gray-300">{index + 1}</span>
        <span className="min-w-0 flex-1 font-medium text-gray-900 wrap-anywhere dark:text-white">
          <span className="sr-only">Step {index + 1}: </span>
          {s.goal.name}
        </span>
        <span className="flex shrink-0 items-baseline gap-2">
          <Change c={s.c} metric="conversions" />
          <span className="min-w-10 text-right font-semibold text-gray-900 tabular-nums dark:text-white" data-testid="funnel-count" title={s.estimate ? ESTIMATE_TITLE : "Count"}>
            {s.estimate && (<><span aria-hidden="true">≈</span><span className="sr-only">about </span></>)}
            {formatNumber(s.count)}
          </span>
        </span>
      </div>
      <div className="mt-1.5 h-3 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
        <div
          className={`h-full rounded-full ${s.estimate ? "bg-blue-400 dark:bg-blue-500/70" : "bg-blue-600 dark:bg-blue-500"}`}
          style={{ width: `${s.count > 0 ? Math.max(width, 0.75) : 0}%` }}
          data-testid="funnel-bar"
          data-width={Math.round(width * 10) / 10}
        />
      </div>
      <p className="mt-1.5 flex flex-wrap gap-1.5">
        {s.dropOff !== null && (
          <>
            <span className={CHIP} data-testid="funnel-share" title="This step's count over the first step's">{share(first > 0 ? s.count / first : null)} of step 1</span>
            <span className={CHIP} data-testid="funnel-conversion" title="This step's count over the step before's">{share(s.conversion)} from step {index}</span>
            <span className={CHIP} data-testid="funnel-drop" title="The step before's count minus this one's">
              Drop-off {formatNumber(s.dropOff)} ({share(before ? s.dropOff / before : null)})
            </span>
          </>
        )}
        <span className={CHIP} data-testid="funnel-co2" title={s.grams === null ? "An event step has no page views of its own" : "CO₂ of this step's counted page views"}>
          {s.grams === null ? "—" : `${formatGrams(s.grams)} CO₂`}
        </span>
      </p>
    </li>
  );
}
