/**
 * The browser side of "Notifications on this device" (issue 13): feature checks, the service
 * worker, the permission (asked only when the person presses the switch) and the subscription.
 */
export const PUSH_TEXTS = {
  unsupported:
    "This browser can't show notifications from Nudge. On iPhone and iPad, add Nudge to your Home Screen first (Share, then Add to Home Screen) and open it from there.",
  denied: "Notifications are blocked for Nudge in this browser. Allow them in the browser's site settings, then try again.",
  dismissed: "Notifications stay off: the browser didn't get a yes. Press the switch again when you're ready.",
  subscribeFailed: "This browser's push service couldn't be reached, so notifications are still off. Check your connection and try again.",
} as const;

export type PushSupport = "unknown" | "unsupported" | "ready";

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

export async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks for permission, then subscribes with the server's key. Throws one of PUSH_TEXTS' sentences. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new Error(PUSH_TEXTS.unsupported);
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new Error(PUSH_TEXTS.denied);
  if (permission !== "granted") throw new Error(PUSH_TEXTS.dismissed);
  const reg = await registration();
  try {
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  } catch {
    throw new Error(PUSH_TEXTS.subscribeFailed);
  }
}

/** "Chrome on Android", "Safari on iPhone", ...: what the device list calls this browser. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /iPhone/.test(userAgent)
    ? "iPhone"
    : /iPad/.test(userAgent)
      ? "iPad"
      : /Android/.test(userAgent)
        ? "Android"
        : /Mac OS X/.test(userAgent)
          ? "Mac"
          : /Windows/.test(userAgent)
            ? "Windows"
            : /Linux/.test(userAgent)
              ? "Linux"
              : null;
  return system ? `${browser} on ${system}` : browser;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
