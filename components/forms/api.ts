// The browser's side of our JSON API: same-origin fetch (so the session cookie and the Origin
// header the CSRF check wants go along), and the one error shape turned into form-ready values.
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

type ErrorShape = { error?: { message?: unknown; fields?: unknown } };

const asFields = (v: unknown): Record<string, string> => {
  if (!v || typeof v !== "object") return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
};

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "We could not reach Bothy. Check your connection and try again.", fields: {} };
  }
  const json: unknown = await res.json().catch(() => null);
  if (res.ok) return { ok: true, data: json as T };
  const err = (json as ErrorShape | null)?.error;
  const message = typeof err?.message === "string" ? err.message : `Something went wrong (HTTP ${res.status}).`;
  return { ok: false, status: res.status, message, fields: asFields(err?.fields) };
}
