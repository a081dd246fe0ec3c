// The top progress bar: appears only when a navigation takes longer than 200 ms,
// creeps towards the end over 5000 ms, completes on success and turns red on failure.
const PROGRESS_THROTTLE_MS = 200;

type Progress = { done(): void; fail(): void };

export function startProgress(doc: Document = document): Progress {
  let bar: HTMLDivElement | null = null;
  const show = () => {
    bar = doc.createElement("div");
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-label", "Loading page");
    bar.className = "fixed left-0 top-0 z-50 h-1 w-0 bg-blue-600 transition-[width] duration-[5000ms] ease-out";
    bar.dataset.state = "loading";
    doc.body.append(bar);
    return bar;
  };
  const timer = setTimeout(() => {
    const el = show();
    // NOTE: set the end width on the next frame so the transition runs; CSSOM writes pass the CSP.
    requestAnimationFrame(() => (el.style.width = "90%"));
  }, PROGRESS_THROTTLE_MS);
  const finish = (state: "done" | "failed") => {
    clearTimeout(timer);
    // A quick success needs no bar; a failure always shows one, however quick.
    if (!bar && state === "done") return;
    const el = bar ?? show();
    el.dataset.state = state;
    el.className = `fixed left-0 top-0 z-50 h-1 transition-[width,opacity] duration-300 ${state === "failed" ? "bg-red-600" : "bg-blue-600"}`;
    el.style.width = "100%";
    setTimeout(() => el.classList.add("opacity-0"), 300);
    setTimeout(() => el.remove(), state === "failed" ? 2000 : 700);
  };
  return { done: () => finish("done"), fail: () => finish("failed") };
}
