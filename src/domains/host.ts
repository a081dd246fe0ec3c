// What a site owner types as a domain, turned into the host name the tracker reports
// (location.hostname): scheme, path, port and trailing dot removed, lower-cased, IDN in punycode.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/;

type HostCheck = { ok: true; host: string } | { ok: false; message: string };

export const DOMAIN_FORMAT = "Enter a domain like example.com, without https:// or a path.";

export function normaliseHost(input: string): HostCheck {
  const raw = input.trim().toLowerCase();
  if (!raw || raw.length > 300) return { ok: false, message: DOMAIN_FORMAT };
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`).hostname.replace(/\.$/, "");
  } catch {
    return { ok: false, message: DOMAIN_FORMAT };
  }
  const labels = host.split(".");
  if (host.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels.at(-1)!)) {
    return { ok: false, message: DOMAIN_FORMAT };
  }
  return { ok: true, host };
}
