import type { Span } from "./types";

/** What is left of `text` once the date and time phrases (`spans`) are taken out. */
export function leftOver(text: string, spans: readonly Span[]): string {
  let rest = "";
  let from = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    rest += `${text.slice(from, span.start)} `;
    from = span.end;
  }
  return rest + text.slice(from);
}

/** Whether `rest` holds nothing but `allowed` words, punctuation and emoji ("👍", "!"). */
export function onlyWordsFrom(rest: string, allowed: ReadonlySet<string>): boolean {
  const words = rest.toLowerCase().replace(/[^a-z0-9\s]/g, " ").split(/\s+/).filter(Boolean);
  return words.every((word) => allowed.has(word));
}
