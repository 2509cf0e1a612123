import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import { useUnskippableEffect } from "./unskippable-effect";

/**
 * False during the server render and the first client render, true after hydration. Controls
 * that only make sense with JavaScript (e.g. a submit button disabled until consent is given)
 * use it so the page still works without JavaScript.
 */
/**
 * State that starts from a saved value and follows it when the saved value changes (after a save,
 * the page's data revalidates), while the person's unsaved edits stay otherwise. Unlike an effect
 * that copies the value on every render with a new object, it does nothing on mount and nothing when
 * a revalidation brings the same value: an effect did, and so wiped a choice made while the page
 * hydrated ("Gentle" picked, then set back to the saved strategy by the mount effect: CI,
 * 2026-11-27) and unsaved quiet hours whenever another block saved.
 */
export function useFollowingState<T>(saved: T): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(saved);
  const [seen, setSeen] = useState(saved);
  // Adjusting state while rendering, as React documents for "state that depends on a prop":
  // React re-renders at once, before the screen shows the old value.
  if (!Object.is(seen, saved)) {
    setSeen(saved);
    setState(saved);
  }
  return [state, setState];
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Returns `value` until `ms` after it appeared, then null (spec 01 section 9: success messages
 * clear after 3 s, the auto-filled-code message after 8 s). Pass an object that is new for every
 * occurrence (an action's data), so the same text shown twice gets its own full time. Rendered
 * on the server as-is, so the message is there without JavaScript.
 */
export function useExpiring<T>(value: T | null | undefined, ms: number): T | null {
  const [expired, setExpired] = useState<T | null | undefined>(undefined);
  useUnskippableEffect(() => {
    if (value == null) return;
    const timer = setTimeout(() => setExpired(() => value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value != null && expired !== value ? value : null;
}

/** The browser's IANA time zone, or null when it cannot be read. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
