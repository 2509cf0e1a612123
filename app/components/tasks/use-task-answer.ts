import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { useToast } from "~/components/ui/Toast";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import type { TaskActionResult } from "./types";

/**
 * A card's form posting one answer to the tasks resource route: its fetcher, whether it is busy,
 * and the failure to show next to its buttons until the next try. Success is a calm toast, and the
 * result goes to `onAnswered` once (also a failure), as soon as the action answered ("loading"
 * while pages revalidate), before a revalidation may remove the card.
 */
export function useTaskAnswer(onAnswered?: (result: TaskActionResult) => void) {
  const fetcher = useFetcher<TaskActionResult>();
  const toast = useToast();
  const handled = useRef<TaskActionResult | null>(null);
  const onAnsweredRef = useRef(onAnswered);
  onAnsweredRef.current = onAnswered;

  useUnskippableEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === "submitting" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) toast.show(result.message, { tone: "success" });
    onAnsweredRef.current?.(result);
  }, [fetcher.state, fetcher.data, toast]);

  const busy = fetcher.state !== "idle";
  const error = !busy && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return { fetcher, busy, error };
}
