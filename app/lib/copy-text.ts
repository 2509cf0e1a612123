import { useEffect, useState } from "react";

/** Spec 01: 'Copied!' for 2 seconds (the calendar feed's Copy; the Telegram code's Copy says it the same way). */
export const COPIED_MS = 2000;

/**
 * Copies `text` with the Clipboard API, or the legacy way where it is missing (an insecure origin, an old
 * browser): `shown` (the field or element that shows the text) is selected and `execCommand("copy")` run.
 * Either way the text ends up selected or copied, so a person can also copy it by hand.
 */
export async function copyText(text: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through to the legacy method.
  }
  if (shown instanceof HTMLInputElement) shown.select();
  else if (shown) window.getSelection()?.selectAllChildren(shown);
  return document.execCommand?.("copy") ?? false;
}

/** A Copy button's state: `copied` is true for COPIED_MS after `copy` succeeded. */
export function useCopyText(): { copied: boolean; copy: (text: string, shown: HTMLElement | null) => void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return { copied, copy: (text, shown) => void copyText(text, shown).then(setCopied) };
}
