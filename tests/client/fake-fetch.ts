// A stand-in for the browser's fetch in component tests: every call answered with one status and
// JSON body, the paths asked recorded. Tests put the real fetch back after each test.

/** fetch answering every call with `status` and `body`; answers the list of paths asked. */
export function fakeFetch(status: number, body: unknown): string[] {
  const asked: string[] = [];
  globalThis.fetch = (async (path: string) => {
    asked.push(path);
    return Response.json(body, { status });
  }) as unknown as typeof fetch;
  return asked;
}
