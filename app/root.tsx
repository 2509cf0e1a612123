import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { arrivedCrossSite, getOptionalUser } from "./lib/session.server";
import { LegalModalsProvider } from "./components/legal/LegalModals";
import { ToastProvider } from "./components/ui/Toast";
import { CreateTaskFab } from "./components/tasks/CreateTaskFab";
import { pairingStep } from "~/lib/pairing.server";
import { headerFlags } from "~/lib/header.server";
import { useNonce } from "./lib/nonce";
import { RECORD_EARLY_INPUT, replayEarlyInput } from "~/lib/replay-early-input";
import { useHydration } from "./lib/hydration";
import { useHydrated } from "./lib/hooks";
import { useServiceWorker } from "./lib/service-worker";
import { isSignedOutAnswer } from "./lib/signed-out";
import { useBrowserErrorReporting } from "./lib/errors/report";
import { THEME_COLORS } from "./lib/appearance";
import { readAppearance } from "./lib/appearance.server";
import { isSentryConfigured } from "../worker/services/sentry";
import stylesheet from "./styles/app.css?url";

// Issue 14: analytics code is fetched only where POSTHOG_KEY is configured (never in the first load),
// and mounted after hydration (ADR 068).
const Analytics = lazy(() => import("./components/analytics/Analytics").then((module) => ({ default: module.Analytics })));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable on a phone's home screen (issue 13: iOS needs that for notifications).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "Nudge: reminders that wait until you act" },
  { name: "description", content: "A kind reminder assistant that escalates gently until you act: a ping, then texts and email, then a call, then a friend." },
];

export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  // The session (silently refreshed when the access token expired; new cookies ride on this
  // response) and just what the header needs of the user.
  const { user, headers } = await getOptionalUser(args);
  // Spec 01's guard step 2: a pairing handshake is kept (signed out) or completed (signed in).
  await pairingStep(args, user?.id ?? null, headers);
  // The floating Create Task button (signed in and onboarding not needed) and the menu's Get Started.
  const flags = user ? await headerFlags(args, user) : { createTaskButton: false, onboardingSkipped: false };
  return data(
    {
      supportEmail: context.cloudflare.env.SUPPORT_EMAIL ?? "support@nudge.example.com",
      user: user ? { name: user.name, onboardingSkipped: flags.onboardingSkipped, id: user.id, email: user.email, timezone: user.timezone } : null,
      // Issue 14: product analytics only with POSTHOG_KEY (the key is public by design).
      analytics: context.cloudflare.env.POSTHOG_KEY ? { key: context.cloudflare.env.POSTHOG_KEY } : null,
      // Issue 14: the page's unhandled errors are reported (through our Worker) only with SENTRY_DSN.
      errorReporting: isSentryConfigured(context.cloudflare.env.SENTRY_DSN),
      // Arrived from another site without our SameSite=Strict cookies: re-check once from here.
      recheckSession: !user && arrivedCrossSite(request),
      createTaskButton: flags.createTaskButton,
      // Settings, Appearance (ADR 084): this device's choice, so the page is drawn in it from the first paint.
      appearance: readAppearance(request),
    },
    { headers },
  );
}

/**
 * After an answer that found the session gone, the header must stop showing the account (and the
 * floating Create Task button go). That answer is a 401, and after a 4xx or 5xx answer Remix reloads
 * no loader unless the route asks: the root asks, and its loader then reads no session, the cookies
 * being cleared. The page's own loader stays put (task-creator.tsx), so its message shows until
 * sign-in. Any other 4xx or 5xx answer keeps Remix's rule (a route that exports this function is
 * otherwise told to reload after every answer).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, actionStatus, defaultShouldRevalidate }) => {
  if (isSignedOutAnswer(actionResult)) return true;
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  return defaultShouldRevalidate;
};

/**
 * SameSite=Strict cookies stay behind when a visitor arrives from another site (a link in a
 * webmail, the way back from Google), so that first render looks logged out. One revalidation
 * from the page itself is same-site and carries them; guards and redirects then apply as usual.
 */
function useSessionRecheck(recheck: boolean) {
  const revalidator = useRevalidator();
  const done = useRef(false);
  useEffect(() => {
    if (!recheck || done.current) return;
    done.current = true;
    revalidator.revalidate();
  }, [recheck, revalidator]);
}

/**
 * `<html data-hydrated>` once the page's script runs: pages may ship none (app/lib/hydration.ts); tests
 * wait for it. Then what the person typed before it ran reaches the page's handlers (replayEarlyInput).
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    replayEarlyInput();
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // A page that works without JavaScript ships none (routes' handle.hydrate; app/lib/hydration.ts).
  const hydrate = useHydration();
  // In the Layout, so the error page sets it too (entry.client's early-event guard also ends on it).
  useHydratedMarker();
  // The error page has no loader data: it follows the device.
  const appearance = useRouteLoaderData<typeof loader>("root")?.appearance ?? "device";
  return (
    <html lang="en" data-theme={appearance === "device" ? undefined : appearance}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={appearance === "device" ? "light dark" : appearance} />
        {appearance === "device" ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
          </>
        ) : (
          <meta name="theme-color" content={THEME_COLORS[appearance]} />
        )}
        {hydrate ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RECORD_EARLY_INPUT }} /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const { supportEmail, user, recheckSession, createTaskButton, analytics, errorReporting, appearance } = useLoaderData<typeof loader>();
  useSessionRecheck(recheckSession);
  // Analytics renders nothing, so it waits for hydration: a lazy component in the server's HTML stays
  // "dehydrated" until its code arrives, and a click while the page hydrates then makes React 18 throw
  // "Root did not complete" (#345), as the legal dialog did (app/components/legal/LegalModals.tsx).
  const hydrated = useHydrated();
  useBrowserErrorReporting(errorReporting);
  useServiceWorker(appearance);
  return (
    <ToastProvider>
      <LegalModalsProvider email={supportEmail}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header user={user} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
        <CreateTaskFab show={createTaskButton} />
        {analytics && hydrated ? (
          <Suspense fallback={null}>
            <Analytics config={analytics} user={user ? { id: user.id, email: user.email, name: user.name ?? "", timezone: user.timezone } : null} />
          </Suspense>
        ) : null}
      </LegalModalsProvider>
    </ToastProvider>
  );
}

/** A sentence a route sent with its 4xx answer (e.g. readForm's 400), shown instead of a generic text. */
function clientErrorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const body: unknown = error.data;
  if (typeof body === "string" && body.length > 0 && body.length < 300) return body;
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") return (body as { message: string }).message;
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound ? null : clientErrorMessage(error);
  return (
    <main id="main" className="container page">
      <h1 className="page__title">{notFound ? "We couldn't find that page" : message ? "That didn't work" : "Something went wrong"}</h1>
      <p className="muted">
        {notFound
          ? "The link may be old or mistyped. Nothing is lost: your reminders are safe."
          : message ?? "Please try again in a moment. Your reminders keep running in the meantime."}
      </p>
      <a className="btn btn--primary" href="/">
        Return to Homepage
      </a>
    </main>
  );
}
