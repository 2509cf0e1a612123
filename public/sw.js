/*
 * Nudge's service worker (issue 13, docs/push.md):
 * - push: shows the reminder the server pushed (title, when it was due, Done / Snooze buttons);
 * - notificationclick: a button answers through the reminder's one-use link (/r/<token>/<answer>), with every
 *   page closed and without a session; a tap on the notification itself opens the dashboard; an
 *   answer that could not be sent opens the link's page, where the person can press the button;
 * - navigations that fail because the device is offline get the offline page. Everything else goes
 *   to the network untouched: reminders change by the minute, so nothing of the app is cached.
 * The handlers' work is in functions on `self.nudge`, so the browser tests can run them without a
 * real push service (docs/push.md says what that leaves untested).
 */
// v2: v1 cached the page through the static assets' redirect (/offline.html -> /offline), and a navigation
// cannot be answered with a redirected response: the browser showed its own error page instead.
const OFFLINE_CACHE = "nudge-offline-v2";
const OFFLINE_URL = "/offline.html";

/** The offline page as a plain 200 of its own (never a redirected response), kept under OFFLINE_URL. */
async function cacheOfflinePage(cache) {
  const response = await fetch(OFFLINE_URL);
  if (!response.ok) throw new Error(`The offline page answered ${response.status}`);
  await cache.put(OFFLINE_URL, new Response(await response.blob(), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => Promise.all([cacheOfflinePage(cache), cache.addAll(["/favicon.svg", "/icons/icon-192.png"])]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.mode !== "navigate") return;
  event.respondWith(fetch(event.request).catch(() => offlinePage()));
});

/**
 * This device's Appearance (ADR 084, 088), as the app's pages last told it ("device", "light" or
 * "dark"): the choice is an HttpOnly cookie, out of the worker's reach. Kept in the offline cache
 * under a key no request ever fetches.
 */
const APPEARANCE_KEY = "/__nudge/appearance";

async function rememberAppearance(appearance) {
  if (!["device", "light", "dark"].includes(appearance)) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(APPEARANCE_KEY, new Response(appearance, { headers: { "Content-Type": "text/plain" } }));
}

/** The offline page, in this device's chosen scheme: `data-theme` on its <html>, as the app's pages have. */
async function offlinePage() {
  const cache = await caches.open(OFFLINE_CACHE);
  const [page, saved] = await Promise.all([cache.match(OFFLINE_URL), cache.match(APPEARANCE_KEY)]);
  if (!page) return Response.error();
  const appearance = saved ? await saved.text() : "device";
  if (appearance !== "light" && appearance !== "dark") return page;
  const html = (await page.text()).replace("<html lang=\"en\">", `<html lang="en" data-theme="${appearance}">`);
  return new Response(html, { status: 200, headers: page.headers });
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "appearance") event.waitUntil(rememberAppearance(event.data.appearance));
});

/** What the server pushed (worker/channels/push/web-push.ts `pushPayload`), read defensively. */
function readPayload(text) {
  let data = {};
  try {
    data = JSON.parse(text || "{}");
  } catch {
    data = { body: String(text || "") };
  }
  return {
    title: typeof data.title === "string" ? data.title : "Nudge",
    body: typeof data.body === "string" ? data.body : "You have a reminder waiting.",
    tag: typeof data.tag === "string" ? data.tag : undefined,
    url: typeof data.url === "string" ? data.url : "/dashboard",
    actions: Array.isArray(data.actions) ? data.actions.filter((a) => a && typeof a.action === "string" && typeof a.url === "string") : [],
  };
}

/** Shows one reminder. A newer one for the same task replaces the older (same tag) and alerts again. */
function showReminder(text) {
  const data = readPayload(text);
  return self.registration.showNotification(data.title, {
    body: data.body,
    tag: data.tag,
    renotify: Boolean(data.tag),
    // A reminder waits until the person acts on it (it is the point of Nudge).
    requireInteraction: true,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: data.url, actions: data.actions },
    actions: data.actions.map((a) => ({ action: a.action, title: a.title })),
  });
}

/** Focuses an open Nudge tab on `url`, or opens one. */
async function openPage(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin && "focus" in client) {
      await client.focus();
      return client.navigate ? client.navigate(target) : client;
    }
  }
  return self.clients.openWindow(target);
}

/**
 * A click on the notification (`action` is "" for the body, else the button's action). Returns what
 * happened, for the tests: "opened", "answered" or "answer-page".
 */
async function handleClick(data, action, title) {
  const chosen = action ? (data && Array.isArray(data.actions) ? data.actions : []).find((a) => a.action === action) : null;
  if (!chosen) {
    await openPage((data && data.url) || "/dashboard");
    return "opened";
  }
  try {
    // The link's token is the permission: no cookies needed (the page may have been closed for days).
    // A button with a `form` posts it ("Not done yet" posts intent=reopen to the Done link, ADR 087).
    const body = chosen.form ? new URLSearchParams(chosen.form) : undefined;
    const response = await fetch(chosen.url, { method: "POST", credentials: "omit", redirect: "follow", body });
    if (!response.ok) throw new Error(`answer failed: ${response.status}`);
    if (chosen.action === "done") await showDoneConfirmation(title || "Your reminder", chosen.url);
    return "answered";
  } catch {
    // Offline, or the link refused: the link's page explains and offers the button again.
    await openPage(chosen.url);
    return "answer-page";
  }
}

/**
 * After Done from a notification's button, a quiet confirmation with one button, "Not done yet", which
 * takes that Done back through the same link (ADR 087, 090): a Done tapped by mistake on a lock screen
 * is otherwise only mended on the dashboard. It replaces nothing and makes no sound.
 */
function showDoneConfirmation(title, doneUrl) {
  return self.registration.showNotification(`Done: ${title}`, {
    body: "Tapped Done by mistake? Not done yet opens it again.",
    tag: `done:${doneUrl}`,
    silent: true,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: "/dashboard", actions: [{ action: "reopen", title: "Not done yet", url: doneUrl, form: { intent: "reopen" } }] },
    actions: [{ action: "reopen", title: "Not done yet" }],
  });
}

self.addEventListener("push", (event) => {
  event.waitUntil(showReminder(event.data ? event.data.text() : ""));
});

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  notification.close();
  event.waitUntil(handleClick(notification.data, event.action, notification.title));
});

self.nudge = { readPayload, showReminder, handleClick, showDoneConfirmation, offlinePage };
