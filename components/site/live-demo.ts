// Scroll to the home page's demo section 65 px below the top (clear of the
// header), going home first when elsewhere, and retrying up to 10 times at 100 ms while the
// section is not on the page yet.
export const DEMO_ID = "demo";
export const DEMO_OFFSET_PX = 65;
export const DEMO_RETRIES = 10;
export const DEMO_RETRY_MS = 100;

type Env = {
  pathname: () => string;
  goHome: () => Promise<void>;
  find: () => Element | null;
  scrollTo: (top: number) => void;
  scrollY: () => number;
  wait?: (ms: number) => Promise<void>;
};

/** Resolves true once it scrolled, false when the section never appeared. */
export async function scrollToDemo(env: Env): Promise<boolean> {
  const wait = env.wait ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  if (env.pathname() !== "/") await env.goHome();
  for (let attempt = 0; attempt <= DEMO_RETRIES; attempt++) {
    const el = env.find();
    if (el) {
      env.scrollTo(el.getBoundingClientRect().top + env.scrollY() - DEMO_OFFSET_PX);
      return true;
    }
    if (attempt < DEMO_RETRIES) await wait(DEMO_RETRY_MS);
  }
  return false;
}
