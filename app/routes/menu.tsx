import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountMenuItems } from "~/components/UserMenu";
import { requireUser } from "~/lib/session.server";
import { headerFlags } from "~/lib/header.server";
import { menuName } from "~/lib/user-display";

export const meta: MetaFunction = () => [
  { title: "Account menu · Nudge" },
  { name: "description", content: "Your Nudge account menu: Nudge Buddies, reminder channels, settings and sign-out." },
];

/**
 * The account menu as a page. The header's avatar is a link here until JavaScript runs (and for
 * browsers without it), so every item of the drop-down works as a plain link or form.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user, headers } = await requireUser(args);
  const { onboardingSkipped } = await headerFlags(args, user);
  return data({ name: user.name, onboardingSkipped }, { headers });
}

export default function AccountMenuPage() {
  const { name, onboardingSkipped } = useLoaderData<typeof loader>();
  return (
    <div className="container page menu-page">
      <h1 className="page__title">Account menu</h1>
      <section className="card menu-page__card" aria-labelledby="menu-page-name">
        <p id="menu-page-name" className="user-menu__name">
          {menuName(name)}
        </p>
        <nav aria-label="Account">
          <AccountMenuItems showGetStarted={onboardingSkipped} />
        </nav>
      </section>
    </div>
  );
}
