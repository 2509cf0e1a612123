/**
 * Security headers of every page (documents rendered by app/entry.server.tsx); the security
 * baseline asks for CSP, HSTS, nosniff and frame-ancestors. The API (/v1) sets its own.
 *
 * The policy allows only our own origin. Scripts need the response's nonce as well (Remix's inline
 * hydration scripts carry it); no inline script or style attribute runs otherwise. The dev outbox
 * previews emails in a srcdoc frame, which inherits this policy, and emails are inline-styled by
 * nature: /dev/ pages (only on with DEV_OUTBOX) also allow inline styles.
 */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function contentSecurityPolicy(nonce: string, pathname: string): string {
  const inlineStyles = pathname === "/dev" || pathname.startsWith("/dev/");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The nonce lets the bug-report widget's own <style> elements in (issue 14); 'unsafe-inline' on /dev only.
    `style-src 'self'${inlineStyles ? " 'unsafe-inline'" : ` 'nonce-${nonce}'`}`,
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

/** Two years, subdomains included: every page is HTTPS-only once a browser has seen one. */
export const HSTS = "max-age=63072000; includeSubDomains";

export function setPageSecurityHeaders(headers: Headers, nonce: string, pathname: string): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, pathname));
  headers.set("Strict-Transport-Security", HSTS);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
}
