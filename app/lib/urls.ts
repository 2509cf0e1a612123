/** The login URL that brings the visitor back to `path` (path + query) afterwards. Client-safe. */
export function loginUrlFor(path: string): string {
  return `/auth/login?redirect=${encodeURIComponent(path)}`;
}
