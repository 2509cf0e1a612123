import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";

/**
 * A route may ship its page without JavaScript (issue 8: the home page for signed-out visitors):
 * its `handle.hydrate` says, from what the root knows, whether this page needs the scripts. Routes
 * without the rule always hydrate.
 */
export type HydrationRule = (input: { signedIn: boolean; recheckSession: boolean; search: URLSearchParams }) => boolean;

interface RootFacts {
  user: unknown;
  recheckSession: boolean;
}

/** Whether the page gets its scripts: every matched route's rule (if any) must want them. */
export function useHydration(): boolean {
  const matches = useMatches();
  const root = useRouteLoaderData("root") as RootFacts | undefined;
  const { search } = useLocation();
  const input = { signedIn: Boolean(root?.user), recheckSession: Boolean(root?.recheckSession), search: new URLSearchParams(search) };
  return matches.every((match) => {
    const rule = (match.handle as { hydrate?: HydrationRule } | undefined)?.hydrate;
    return rule ? rule(input) : true;
  });
}
