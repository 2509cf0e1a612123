import { createContext, useContext } from "react";

/**
 * The per-response CSP nonce (app/entry.server.tsx makes one for every document). Remix's inline
 * scripts (<Scripts>, <ScrollRestoration>, the single-fetch stream) carry it, so the policy can
 * forbid every other inline script. In the browser the value is "" (browsers hide nonces from the
 * DOM); hydration does not re-run those scripts, so nothing needs it there.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
