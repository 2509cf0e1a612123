import { useFetchers, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useUnskippableEffect } from "./unskippable-effect";

/**
 * True when the router has nothing in flight: no navigation (an action's revalidation counts),
 * no revalidation, no fetcher. A navigation started now cuts nothing short.
 */
export function useRouterSettled(): boolean {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetchers = useFetchers();
  return navigation.state === "idle" && revalidator.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
}

/**
 * Goes to `to` `ms` after `since` appeared (the spec's timed redirects: "Taking you to your
 * reminder channels in 5 seconds", the dashboard 2 s after "Task created successfully!").
 *
 * `since` is what the wait counts from: pass the action's result (a new object each time, so a
 * second result gets its own full wait) or a flag; null or false means no redirect.
 *
 * The wait is the spec's, but the move waits for the router to settle: a navigation started
 * while the page still revalidates aborts that load, and Remix 2 logs an abort that lands while a
 * response is being decoded as a console error ("AbortError: signal is aborted without reason",
 * single-fetch.js). So when the time is up during a load, the page goes as soon as the load ends.
 */
export function useRedirectAfter(since: unknown, to: string, ms: number) {
  const navigate = useNavigate();
  const settled = useRouterSettled();
  const [due, setDue] = useState<{ since: unknown; to: string } | null>(null);

  useUnskippableEffect(() => {
    if (!since) return;
    const timer = setTimeout(() => setDue({ since, to }), ms);
    return () => clearTimeout(timer);
  }, [since, to, ms]);

  useUnskippableEffect(() => {
    // A due move from an earlier `since` (replaced or withdrawn since) is not made.
    if (!due || due.since !== since || !settled) return;
    setDue(null);
    navigate(due.to);
  }, [due, since, settled, navigate]);
}
