import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/hooks";
import { AvatarMenuLink } from "./AvatarMenuLink";

// The drop-down (disclosure, sign-out and onboarding fetchers) only matters to a signed-in user
// once the page is interactive, so its code is fetched then, not with every visitor's first
// JavaScript (issue 8: the home page ships only what it uses). Mounted after hydration only, never in
// the server's HTML (ADR 068).
const UserMenu = lazy(() => import("./UserMenu").then((module) => ({ default: module.UserMenu })));

/** The header's account menu: the avatar link until hydrated and loaded, then the drop-down. */
export function LazyUserMenu({ name, onboardingSkipped }: { name: string | null; onboardingSkipped?: boolean }) {
  const hydrated = useHydrated();
  const link = <AvatarMenuLink name={name} />;
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <UserMenu name={name} onboardingSkipped={onboardingSkipped} />
    </Suspense>
  );
}
