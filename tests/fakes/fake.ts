/**
 * The one face every fake third party shows (docs/testing.md, "Fakes"): a name, the origin it
 * answers for, and a `handle` that answers a request the way the real service would. The same
 * object runs in workerd tests (`fakeFetch`, here) and on a port in Node (`startFake`, node.ts).
 *
 * This file and the fakes import each other only with `import type` (erased), so Node 24 can load
 * a fake straight from scripts/*.mjs without a build step.
 */
export interface Fake {
  /** "google", "resend"...: shows up in errors and logs. */
  readonly name: string;
  /** Where the code under test sends its requests, e.g. "https://api.resend.com" or "http://127.0.0.1:18799". */
  readonly origin: string;
  handle(request: Request): Promise<Response>;
}

/**
 * A `fetch` for workerd tests: requests to a fake's origin are answered by that fake, anything else
 * goes to the fetch that was global when this was called. Hand it to the code under test
 * (`resendEmailChannel({ fetch })`) or install it with `vi.stubGlobal("fetch", fakeFetch(google))`.
 */
export function fakeFetch(...fakes: Fake[]): typeof fetch {
  const passThrough = globalThis.fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    const fake = fakes.find((candidate) => request.url.startsWith(`${candidate.origin}/`));
    return fake ? fake.handle(request) : passThrough(input, init);
  };
}

