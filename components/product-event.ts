// The product's own events from pages that carry no tracker (the dashboard is never counted as a
// page): the beacon the tracker sends for an event (POST /b/e, text/plain JSON), on the same
// conditions it keeps (not under webdriver, not on loopback, not when the owner opted out in
// localStorage). The path is the route's name, never the page's own, which names a customer's domain.
const LOOPBACK = /^(localhost|127\.|\[::1|$)/;

export function productEvent(name: string, value: string, route: string): void {
  if (navigator.webdriver || LOOPBACK.test(location.hostname)) return;
  try {
    if (localStorage.getItem("bothy_ignore") === "true") return;
  } catch {
    // NOTE: reading storage throws with cookies blocked; the opt-out cannot be known, so none is assumed.
  }
  const body = JSON.stringify({ d: location.hostname, p: route, n: name, v: value });
  if (!navigator.sendBeacon("/b/e", body)) void fetch("/b/e", { method: "POST", body, keepalive: true }).catch(() => {});
}
