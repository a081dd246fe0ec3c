// Stripe's request encoding: application/x-www-form-urlencoded (or the query string of a GET) with
// nested keys — `items[0][price]=…`, `metadata[uid]=…`, `expand[]=…` — read into plain objects;
// objects whose keys are all indexes become arrays.
export type Params = { [key: string]: Value };
type Value = string | Value[] | Params;

function put(target: Params, path: string[], value: string): void {
  let node: Params = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const name = key === "" ? String(Object.keys(node).length) : key;
    if (last) node[name] = value;
    else node = (node[name] ??= {}) as Params;
  });
}

const arrays = (value: Value): Value => {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrays(value[k]!)] as const);
  if (keys.length && keys.every((k) => /^\d+$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
};

export function parseForm(encoded: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) continue;
    const rest = [...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!);
    put(out, [m[1]!, ...rest], value);
  }
  return arrays(out) as Params;
}

/** A parameter as a string, or undefined. */
export const str = (p: Params, key: string): string | undefined => (typeof p[key] === "string" ? (p[key] as string) : undefined);

/** A parameter as a list of strings (`expand[]`, `lookup_keys[]`). */
export const list = (p: Params, key: string): string[] => {
  const v = p[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : typeof v === "string" ? [v] : [];
};

/** A nested parameter object, or an empty one. */
export const obj = (p: Params, key: string): Params => {
  const v = p[key];
  return v && typeof v === "object" && !Array.isArray(v) ? v : {};
};
