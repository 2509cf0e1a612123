/**
 * A fake of Google's OAuth 2.0 / OpenID Connect endpoints, enough for the authorization code flow
 * with PKCE as arctic drives it (ADR 014). It speaks the real protocol:
 * - `GET /o/oauth2/v2/auth` is the consent screen: it checks what our server put in the Google URL
 *   (client id, redirect URI, scopes, S256 challenge, state) and shows "Choose an account" with a
 *   "Continue as <name>" link (back to the redirect URI with a one-time code) and a "Cancel" link
 *   (back with `error=access_denied`). Browser tests click it; workerd tests call `authorize(url, account)`.
 * - `POST /token` answers like Google: client authentication (HTTP Basic), grant type, redirect URI,
 *   a single-use code, and the PKCE check SHA-256(code_verifier) == code_challenge; it returns an
 *   RS256 ID token signed with a fresh key (jose).
 * Start it with `fakeFetch(google)` in workerd or `startFake(google, port)` in Node (docs/testing.md).
 */
import { generateKeyPair, SignJWT, type JWTPayload } from "jose";
import type { Fake } from "./fake";

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  /** Claims to override in the ID token (aud, iss, exp...), for the negative tests. */
  claims?: Partial<JWTPayload> & Record<string, unknown>;
}

interface IssuedCode {
  challenge: string;
  redirectUri: string;
  account: FakeGoogleAccount;
  used: boolean;
}

export interface FakeGoogleOptions {
  origin: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Who the consent screen offers until `signInAs` says otherwise. */
  account?: FakeGoogleAccount;
}

const AUTH_PATH = "/o/oauth2/v2/auth";
const TOKEN_PATH = "/token";
const DEFAULT_ACCOUNT: FakeGoogleAccount = { sub: "fake-google-user", email: "google.user@example.com", name: "Google User" };

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function oauthError(error: string, description: string, status = 400) {
  return Response.json({ error, error_description: description }, { status });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function createFakeGoogle(options: FakeGoogleOptions) {
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: Array<{ form: Record<string, string>; authorization: string | null }> = [];
  let keys: CryptoKeyPair | null = null;
  let chosen = options.account ?? DEFAULT_ACCOUNT;
  const authorizationEndpoint = `${options.origin}${AUTH_PATH}`;
  const tokenEndpoint = `${options.origin}${TOKEN_PATH}`;

  /** What is wrong with an authorization request, as Google would refuse it (empty when fine). */
  function problemsWith(request: URL): string[] {
    const params = request.searchParams;
    const problems: string[] = [];
    if (`${request.origin}${request.pathname}` !== authorizationEndpoint) problems.push(`endpoint ${request.origin}${request.pathname}`);
    if (params.get("response_type") !== "code") problems.push("response_type");
    if (params.get("client_id") !== options.clientId) problems.push("client_id");
    if (params.get("redirect_uri") !== options.redirectUri) problems.push(`redirect_uri ${params.get("redirect_uri")}`);
    const scopes = (params.get("scope") ?? "").split(" ");
    for (const scope of ["openid", "email", "profile"]) if (!scopes.includes(scope)) problems.push(`scope ${scope}`);
    if (params.get("code_challenge_method") !== "S256") problems.push("code_challenge_method");
    if (!/^[A-Za-z0-9_-]{43}$/.test(params.get("code_challenge") ?? "")) problems.push("code_challenge");
    if (!params.get("state")) problems.push("state");
    return problems;
  }

  /** The URL Google sends the browser back to, with `extra` (a code, or an error) and the state. */
  function callbackUrl(request: URL, extra: Record<string, string>): string {
    const callback = new URL(options.redirectUri);
    for (const [key, value] of Object.entries(extra)) callback.searchParams.set(key, value);
    callback.searchParams.set("state", request.searchParams.get("state")!);
    return callback.toString();
  }

  function issueCode(request: URL, account: FakeGoogleAccount): string {
    const code = `fake-code-${crypto.randomUUID()}`;
    const params = request.searchParams;
    codes.set(code, { challenge: params.get("code_challenge")!, redirectUri: params.get("redirect_uri")!, account, used: false });
    return callbackUrl(request, { code, scope: "email profile openid" });
  }

  /** The consent screen without a browser: validates the request and "redirects" back with a code. */
  function authorize(url: string, account: FakeGoogleAccount): string {
    const request = new URL(url);
    const problems = problemsWith(request);
    if (problems.length > 0) throw new Error(`Fake Google refused the authorization request: ${problems.join(", ")}`);
    return issueCode(request, account);
  }

  /** The consent screen in a browser: one account to continue as, or Cancel. */
  function consentPage(request: URL): Response {
    const problems = problemsWith(request);
    if (problems.length > 0) {
      return new Response(`<!doctype html><html lang="en"><title>Error 400</title><h1>Error 400: invalid_request</h1><p>${escapeHtml(problems.join(", "))}</p></html>`, {
        status: 400,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    }
    const name = escapeHtml(chosen.name ?? chosen.email);
    const html = `<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Fake Google</title><h1>Choose an account</h1>
      <a href="${escapeHtml(issueCode(request, chosen))}">Continue as ${name}</a>
      <a href="${escapeHtml(callbackUrl(request, { error: "access_denied" }))}">Cancel</a></html>`;
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }

  async function idToken(account: FakeGoogleAccount): Promise<string> {
    keys ??= await generateKeyPair("RS256");
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload & Record<string, unknown> = {
      iss: "https://accounts.google.com",
      azp: options.clientId,
      aud: options.clientId,
      sub: account.sub,
      email: account.email,
      email_verified: account.emailVerified ?? true,
      name: account.name,
      iat: now,
      exp: now + 3600,
      ...account.claims,
    };
    return new SignJWT(payload).setProtectedHeader({ alg: "RS256", kid: "fake-key-1", typ: "JWT" }).sign(keys.privateKey);
  }

  async function tokenEndpointAnswer(request: Request): Promise<Response> {
    if (request.method !== "POST") return oauthError("invalid_request", "POST only", 405);
    if (!(request.headers.get("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) return oauthError("invalid_request", "form body expected");
    const authorization = request.headers.get("Authorization");
    const form = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
    tokenRequests.push({ form, authorization });
    if (authorization !== `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`) return oauthError("invalid_client", "The OAuth client was not found.", 401);
    if (form.grant_type !== "authorization_code") return oauthError("unsupported_grant_type", "Invalid grant_type");
    const issued = form.code ? codes.get(form.code) : undefined;
    if (!issued || issued.used) return oauthError("invalid_grant", "Malformed auth code.");
    issued.used = true;
    if (form.redirect_uri !== issued.redirectUri) return oauthError("redirect_uri_mismatch", "Bad Request");
    if (!form.code_verifier) return oauthError("invalid_grant", "Missing code verifier.");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(form.code_verifier)));
    if (base64Url(digest) !== issued.challenge) return oauthError("invalid_grant", "Invalid code verifier.");
    return Response.json({
      access_token: `ya29.fake-${crypto.randomUUID()}`,
      expires_in: 3599,
      scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      token_type: "Bearer",
      id_token: await idToken(issued.account),
    });
  }

  const fake: Fake = {
    name: "google",
    origin: options.origin,
    async handle(request) {
      const url = new URL(request.url);
      // The path decides, not the host: in Node the fake may be reached as localhost or 127.0.0.1.
      const asServed = new URL(`${url.pathname}${url.search}`, options.origin);
      if (url.pathname === AUTH_PATH && request.method === "GET") return consentPage(asServed);
      if (url.pathname === TOKEN_PATH) return tokenEndpointAnswer(request);
      return new Response("Not Found", { status: 404 });
    },
  };

  return {
    ...fake,
    authorize,
    /** Who the consent screen offers from now on (browser tests, one account per test). */
    signInAs(account: FakeGoogleAccount) {
      chosen = account;
    },
    tokenRequests,
    authorizationEndpoint,
    tokenEndpoint,
  };
}

export type FakeGoogle = ReturnType<typeof createFakeGoogle>;
