import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";

/**
 * A rule of app.css, read in the suite's Node process (no page): a grid says how wide its columns are.
 * A grid without columns gets one `auto` column, as wide as its longest word or field, so a long address,
 * a pasted link or a date field pushed its screen sideways on a phone (session 33; long-values.spec.ts
 * shows the screens). `minmax(0, 1fr)` keeps a one-column grid inside its box.
 */
const CSS = readFileSync(new URL("../../app/styles/app.css", import.meta.url), "utf8");

/** Fixed-size icon boxes, a floating button, a toast stack, and the home page's static grids (their columns set per width). */
const SIZED_ELSEWHERE = new Set([
  ".toast-region",
  ".video-frame__play",
  ".video-frame__play-icon",
  ".feature-card__icon",
  ".channel-row__icon",
  ".fab",
  ".hero__grid",
  ".feature-grid",
]);

/** Every innermost rule (inside media queries too): its last selector line and its declarations. */
function rules(css: string): { selector: string; body: string }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim().split("\n").at(-1)!.trim(), body: m[2]! }));
}

function gridsWithoutColumns(css: string): string[] {
  return rules(css)
    .filter(({ selector, body }) => /display:\s*grid\s*;/.test(body) && !/grid-template(-columns)?\s*:/.test(body) && !SIZED_ELSEWHERE.has(selector))
    .map(({ selector }) => selector);
}

test.describe("style rules", () => {
  test("every grid of app.css says how wide its columns are", () => {
    expect(gridsWithoutColumns(CSS)).toEqual([]);
  });

  test("the check finds a grid without columns, inside a media query too, and passes one with them", () => {
    const sample = `.a { display: grid; gap: 1rem; }
@media (min-width: 40rem) { .b { display: grid; } }
.c { display: grid; grid-template-columns: minmax(0, 1fr); }
/* .d { display: grid; } */
.fab { display: grid; }`;
    expect(gridsWithoutColumns(sample)).toEqual([".a", ".b"]);
  });
});
