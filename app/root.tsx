import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { LegalModalsProvider } from "./components/legal/LegalModals";
import { ToastProvider } from "./components/ui/Toast";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Nudge: reminders that wait until you act" },
  { name: "description", content: "A kind reminder assistant that escalates gently until you act: a ping, then texts and email, then a call, then a friend." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.cloudflare.env.SUPPORT_EMAIL ?? "support@nudge.example.com" };
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b4fc4" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <ToastProvider>
      <LegalModalsProvider email={supportEmail}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </LegalModalsProvider>
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="container page">
      <h1 className="page__title">{notFound ? "We couldn't find that page" : "Something went wrong"}</h1>
      <p className="muted">
        {notFound
          ? "The link may be old or mistyped. Nothing is lost: your reminders are safe."
          : "Please try again in a moment. Your reminders keep running in the meantime."}
      </p>
      <a className="btn btn--primary" href="/">
        Return to Homepage
      </a>
    </main>
  );
}
