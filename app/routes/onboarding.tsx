import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { requireUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Get started · Nudge" },
  { name: "description", content: "Get started with Nudge: set up your channels and your first reminder." },
];

/** Placeholder (login required): the onboarding issue builds the four-step wizard here. */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  return data({ name: user.name }, { headers });
}

export default function Onboarding() {
  const { name } = useLoaderData<typeof loader>();
  const firstName = name.trim().split(/\s+/)[0] ?? "";
  return (
    <div className="container page">
      <section className="card onboarding-placeholder" aria-labelledby="onboarding-title">
        <h1 id="onboarding-title" className="page__title">
          Welcome{firstName ? `, ${firstName}` : ""}!
        </h1>
        <p className="muted">A short guided setup will live here. For now, connect your reminder channels and you are ready to go.</p>
        <div className="button-row">
          <ButtonLink to="/integrations">Reminder Channels</ButtonLink>
          <ButtonLink to="/dashboard" variant="secondary">
            Go to Dashboard
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
