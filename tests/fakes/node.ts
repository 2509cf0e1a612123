/**
 * Serves a fake on a local port, for the browser suite and `npm start` (docs/testing.md, "Fakes"):
 * `const server = await startFake(createFakeGoogle({ origin: "http://127.0.0.1:18799", ... }), 18799)`.
 * Node only (node:http); workerd tests use `fakeFetch` from fake.ts instead.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Fake } from "./fake";

export interface RunningFake {
  url: string;
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", origin), { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

async function send(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

/** Listens on 127.0.0.1:port and answers every request with `fake.handle`. */
export function startFake(fake: Fake, port: number): Promise<RunningFake> {
  const url = `http://127.0.0.1:${port}`;
  const server = createServer((incoming, outgoing) => {
    toRequest(incoming, url)
      .then((request) => fake.handle(request))
      .then((response) => send(response, outgoing))
      .catch((error: unknown) => {
        // A bug in the fake, not an answer of the real service: say so loudly.
        console.error(`fake ${fake.name} failed on ${incoming.method} ${incoming.url}:`, error);
        if (!outgoing.headersSent) outgoing.writeHead(500);
        outgoing.end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({ url, close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}
