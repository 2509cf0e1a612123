import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as ReactModule from "react";
import type * as ReactDomModule from "react-dom";
import type * as ReactDomClient from "react-dom/client";
import ts from "typescript";
import type * as UnskippableEffect from "~/lib/unskippable-effect";
import { expect, test } from "./fixtures";

/**
 * ADR 118: React Router changes a fetcher's answer in place before React renders it; a render React
 * bails out of in between keeps the new dependencies and runs no effect, so a plain `useEffect` over
 * the answer can miss it for good. This test reproduces that with React itself in Chromium (React's
 * own UMD build, no app), and checks our `useUnskippableEffect` (its lint rule: lint-rules.spec.ts).
 */
// The UMD builds are not in the packages' "exports": found beside their package.json.
const require = createRequire(import.meta.url);
const umd = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), "umd", file);
const REACT = umd("react", "react.production.min.js");
const REACT_DOM = umd("react-dom", "react-dom.production.min.js");

/** app/lib/unskippable-effect.ts as a script for the page: `window.Hooks`, with the page's React. */
function hookScript(): string {
  const source = readFileSync(new URL("../../app/lib/unskippable-effect.ts", import.meta.url), "utf8");
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } });
  return `window.Hooks = (() => {
    const module = { exports: {} };
    const exports = module.exports;
    const require = (name) => { if (name === "react") return React; throw new Error("not in the page: " + name); };
    ${outputText}
    return module.exports;
  })();`;
}

interface ProbeWindow {
  log: string[];
  store: { answer: number };
  nothingChanged(): void;
  somethingChanged(): void;
  unmount(): void;
}

test.describe("effects over fetchers' answers (ADR 118)", () => {
  test("an answer seen by a render React bails out of: a plain effect misses it, useUnskippableEffect runs once, and cleans up", async ({ page }) => {
    await page.setContent('<div id="root"></div>');
    await page.addScriptTag({ path: REACT });
    await page.addScriptTag({ path: REACT_DOM });
    await page.addScriptTag({ content: hookScript() });
    await page.evaluate(() => {
      const w = window as unknown as ProbeWindow & { React: typeof ReactModule; ReactDOM: typeof ReactDomModule & typeof ReactDomClient; Hooks: typeof UnskippableEffect };
      const { React, ReactDOM, Hooks } = w;
      w.log = [];
      // Changed in place, as React Router changes a fetcher's answer before asking React to render it.
      w.store = { answer: 0 };
      function Probe() {
        // An update that changes nothing: React renders the component, then bails out of it.
        const [, nothing] = React.useReducer((state: number) => state, 0);
        const [, bump] = React.useState(0);
        w.nothingChanged = () => ReactDOM.flushSync(() => nothing());
        w.somethingChanged = () => ReactDOM.flushSync(() => bump((n) => n + 1));
        const answer = w.store.answer;
        React.useEffect(() => {
          w.log.push(`plain ${answer}`);
        }, [answer]);
        Hooks.useUnskippableEffect(() => {
          w.log.push(`unskippable ${answer}`);
          return () => {
            w.log.push(`cleanup ${answer}`);
          };
        }, [answer]);
        return React.createElement("p", null, `answer ${answer}`);
      }
      const root = ReactDOM.createRoot(document.getElementById("root")!);
      ReactDOM.flushSync(() => root.render(React.createElement(Probe)));
      w.unmount = () => root.unmount();
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as ProbeWindow).log)).toEqual(["plain 0", "unskippable 0"]);

    // The answer arrives; a render for another reason sees it and is bailed out of; then the update that shows it.
    await page.evaluate(() => {
      const w = window as unknown as ProbeWindow;
      w.store.answer = 1;
      w.nothingChanged();
      w.somethingChanged();
      w.somethingChanged(); // and another render with the same answer: no second run
    });
    await expect(page.getByText("answer 1")).toBeVisible();
    const log = await page.evaluate(() => (window as unknown as ProbeWindow).log);
    // React's behaviour this hook exists for: the plain effect never ran for the answer it shows.
    expect(log).not.toContain("plain 1");
    expect(log).toEqual(["plain 0", "unskippable 0", "cleanup 0", "unskippable 1"]);

    await page.evaluate(() => (window as unknown as ProbeWindow).unmount());
    expect(await page.evaluate(() => (window as unknown as ProbeWindow).log)).toEqual(["plain 0", "unskippable 0", "cleanup 0", "unskippable 1", "cleanup 1"]);
  });
});
