import { layoutProblems } from "./conformance-harvest";
import { expect, test } from "./fixtures";

/**
 * The conformance walk's layout check (conformance-harvest.ts) on pages made for it: it must name
 * what is cut off at a 360 px screen's side, and leave alone what is meant to be out of view. Should
 * the check stop finding anything, these go red rather than the walk passing quietly.
 */
test.use({ viewport: { width: 360, height: 780 } });

const page360 = (body: string) => `<!doctype html><html lang="en"><head><title>layout</title>
<style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  main { overflow-x: hidden; padding: 16px; }
  .card { border: 1px solid #888; padding: 16px; }
  .nowrap { white-space: nowrap; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .skip { position: fixed; left: -400px; top: 0; }
  .rail { display: flex; gap: 8px; overflow-x: auto; }
  .rail > * { flex: 0 0 200px; }
</style></head><body><main>${body}</main></body></html>`;

test.describe("the layout check at 360 px", () => {
  test("names a card cut off by a label that will not wrap, though nothing scrolls sideways", async ({ page }) => {
    await page.setContent(page360(`<div class="card"><p>Taking you to your reminder channels in 5 seconds.</p><button class="nowrap">Go to Reminder Channels now, with a label far too long</button></div>`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    const problems = await layoutProblems(page, "made-up");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^made-up: 'Go to Reminder Channels now, with a labe' \(button\.nowrap\) is cut off at the screen's side \(\d+ to \d+ px in 360\)$/);
  });

  test("names a word that runs out of its card though the screen's side is still far", async ({ page }) => {
    await page.setContent(page360(`<div class="card" style="width: 180px"><p>You sign in as <strong>maya.walker.layoutcheck@example.com</strong>.</p></div>`));
    const problems = await layoutProblems(page, "made-up");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^made-up: 'maya\.walker\.layoutcheck@example\.com' \(strong\) runs out of its card \(\d+ to \d+ px, the card 16 to 230\)$/);
    // The app's rule (app.css, body): the same address breaks inside the card.
    await page.addStyleTag({ content: "body { overflow-wrap: break-word; }" });
    expect(await layoutProblems(page, "made-up")).toEqual([]);
  });

  test("leaves alone screen-reader text, a skip link parked off screen, a rail that scrolls sideways and what is hidden", async ({ page }) => {
    await page.setContent(
      page360(`<a class="skip" href="#main">Skip to content</a>
        <span class="sr-only">Only for screen readers, and long enough to pass the screen's edge if it were shown</span>
        <div class="rail"><a href="#a">One</a><a href="#b">Two</a><a href="#c">Three</a></div>
        <p class="nowrap" hidden>Hidden, and far too long to fit on a phone screen of this width</p>
        <p>Everything else fits.</p>`),
    );
    expect(await layoutProblems(page, "made-up")).toEqual([]);
  });
});
