import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { loadOpenLegalDialog } from "./components/legal/LegalModals";
import { NonceProvider } from "./lib/nonce";
import { newNonce, setPageSecurityHeaders } from "./lib/security-headers.server";
import { reportErrorInBackground } from "../worker/services/sentry";

/**
 * Issue 14: an error thrown by a loader or an action (not a Response, not an aborted request) is
 * logged as Remix would, and reported to Sentry when SENTRY_DSN is set (scrubbed: no query, no body).
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  console.error(error);
  const { env, ctx } = context.cloudflare;
  void reportErrorInBackground(ctx, env, error, { where: "page", method: request.method, url: request.url, requestId: request.headers.get("X-Request-Id") ?? undefined });
}

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeoutId = setTimeout(() => controller.abort(), ABORT_DELAY);
  // One nonce per document: Remix's inline scripts carry it, the CSP allows only those.
  const nonce = newNonce();
  // A page opened with a legal document open renders the dialog directly, as the browser will
  // hydrate it: no Suspense boundary in the HTML (ADR 068).
  await loadOpenLegalDialog(new URL(request.url).search);

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeoutId));

  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  setPageSecurityHeaders(responseHeaders, nonce, new URL(request.url).pathname);
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
