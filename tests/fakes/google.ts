/**
 * A local fake of Google's OAuth 2.0 / OpenID Connect endpoints, enough for the authorization code
 * flow with PKCE as arctic drives it:
 * - `authorize(url, account)` plays the consent screen: it checks what our server put in the Google
 *   URL (client id, redirect URI, scopes, S256 challenge, state) and returns the callback URL Google
 *   would send the browser to, with a one-time code.
 * - `fetch` answers the token endpoint like Google: client authentication (HTTP Basic), grant type,
 *   redirect URI, a single-use code, and the PKCE check SHA-256(code_verifier) == code_challenge;
 *   it returns an RS256 ID token signed with a fresh key (jose).
 * Install it with `vi.stubGlobal("fetch", fake.fetch)`: the server's real arctic code calls the
 * global fetch, so the whole path under test is the production one.
 */
import { generateKeyPair, SignJWT, type JWTPayload } from "jose";

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
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function oauthError(error: string, description: string, status = 400) {
  return Response.json({ error, error_description: description }, { status });
}

export function createFakeGoogle(options: FakeGoogleOptions) {
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: Array<{ form: Record<string, string>; authorization: string | null }> = [];
  let keys: CryptoKeyPair | null = null;
  const realFetch = globalThis.fetch;
  const authorizationEndpoint = `${options.origin}/o/oauth2/v2/auth`;
  const tokenEndpoint = `${options.origin}/token`;

  /** The consent screen: validates the authorization request and "redirects" back with a code. */
  function authorize(url: string, account: FakeGoogleAccount): string {
    const request = new URL(url);
    const params = request.searchParams;
    const problems: string[] = [];
    if (`${request.origin}${request.pathname}` !== authorizationEndpoint) problems.push(`endpoint ${request.origin}${request.pathname}`);
    if (params.get("response_type") !== "code") problems.push("response_type");
    if (params.get("client_id") !== options.clientId) problems.push("client_id");
    if (params.get("redirect_uri") !== options.redirectUri) problems.push(`redirect_uri ${params.get("redirect_uri")}`);
    const scopes = (params.get("scope") ?? "").split(" ");
    for (const scope of ["openid", "email", "profile"]) if (!scopes.includes(scope)) problems.push(`scope ${scope}`);
    if (params.get("code_challenge_method") !== "S256") problems.push("code_challenge_method");
    const challenge = params.get("code_challenge");
    if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) problems.push("code_challenge");
    const state = params.get("state");
    if (!state) problems.push("state");
    if (problems.length > 0) throw new Error(`Fake Google refused the authorization request: ${problems.join(", ")}`);

    const code = `fake-code-${crypto.randomUUID()}`;
    codes.set(code, { challenge: challenge!, redirectUri: params.get("redirect_uri")!, account, used: false });
    const callback = new URL(options.redirectUri);
    callback.searchParams.set("code", code);
    callback.searchParams.set("state", state!);
    callback.searchParams.set("scope", "email profile openid");
    return callback.toString();
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

  /** A global fetch: Google's token endpoint is answered here, anything else goes out as usual. */
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.url === tokenEndpoint) return tokenEndpointAnswer(request);
    return realFetch(input, init);
  };

  return { authorize, fetch, tokenRequests, authorizationEndpoint, tokenEndpoint };
}
