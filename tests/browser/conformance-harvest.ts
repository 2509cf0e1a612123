import type { Page } from "@playwright/test";

/**
 * What a person can read on a page, for the conformance walk (issue 17): the text of every visible
 * text node (open shadow roots included: the bug-report widget lives in one), the labels that
 * stand for text (aria-label, placeholder, title, alt, a select's options), and every text that
 * was shown for a moment since the last harvest (busy labels, "Copied!", messages that clear
 * themselves), caught by a MutationObserver installed before the page's scripts run.
 */

/** Installed with page.addInitScript: records texts that appear after the page has loaded. */
export function installSeenRecorder() {
  const w = window as unknown as { __seenTexts?: string[] };
  w.__seenTexts = [];
  const visible = (el: Element | null): el is Element => {
    if (!el || !(el instanceof Element)) return false;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false } as CheckVisibilityOptions)) return false;
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  const note = (el: Element | null) => {
    if (!visible(el)) return;
    const text = (el.textContent ?? "").trim();
    if (text) w.__seenTexts!.push(text);
    for (const name of ["aria-label", "placeholder", "title", "value"]) {
      const value = el.getAttribute(name);
      if (value) w.__seenTexts!.push(value);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") note(record.target.parentElement);
      else if (record.type === "attributes") note(record.target as Element);
      else for (const node of record.addedNodes) note(node instanceof Element ? node : node.parentElement);
    }
  });
  const observe = (root: Node) => observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-label", "placeholder", "title", "value", "hidden", "class", "open"] });
  // After load only: before the style sheets apply, hidden things would look visible.
  window.addEventListener("load", () => {
    observe(document);
    // Shadow roots attached later (the feedback widget) are observed when they appear.
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      const root = attach.call(this, init);
      observe(root);
      return root;
    };
    for (const el of document.querySelectorAll("*")) if (el.shadowRoot) observe(el.shadowRoot);
  });
}

/** The readable text of the page now, plus what was seen since the last call (which it clears). */
export async function harvest(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const visible = (el: Element) => {
      if (!el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) return false;
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1;
    };
    const walk = (root: Document | ShadowRoot) => {
      let run = "";
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          if (parent && parent.tagName !== "SCRIPT" && parent.tagName !== "STYLE" && parent.tagName !== "OPTION" && visible(parent)) run += node.nodeValue ?? "";
          continue;
        }
        const el = node as Element;
        if (el.shadowRoot) walk(el.shadowRoot);
        if (!visible(el)) continue;
        for (const name of ["aria-label", "placeholder", "title", "alt"]) {
          const value = el.getAttribute(name);
          if (value) parts.push(value);
        }
        if (el instanceof HTMLSelectElement) for (const option of el.options) parts.push(option.text);
        if (el instanceof HTMLInputElement && ["submit", "button"].includes(el.type)) parts.push(el.value);
      }
      parts.push(run);
    };
    walk(document);
    const w = window as unknown as { __seenTexts?: string[] };
    parts.push(...(w.__seenTexts ?? []));
    w.__seenTexts = [];
    return parts.join("\n");
  });
}

/** Curly quotes made straight, "…" as "...", runs of white space as one space. */
export function normalise(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ");
}

/** Whether `text` (with `{name}` standing for any value) appears in `haystack`; both normalised. */
export function contains(haystack: string, text: string): boolean {
  const wanted = normalise(text);
  const hay = normalise(haystack);
  if (!wanted.includes("{")) return hay.includes(wanted);
  const pattern = wanted
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".+?");
  return new RegExp(pattern).test(hay);
}

/**
 * At 360 px: the page must not scroll sideways, nothing shown may be cut off at the screen's side
 * (clipped by an ancestor, so nothing scrolls; tests/browser/layout-check.spec.ts), and no link, button or field may lie under a
 * fixed or sticky element (the floating Create Task button, a toast) where no scrolling brings it
 * out: checked at the top of the page and scrolled to the bottom, where the last card's buttons
 * meet the floating button. What is on top where two boxes meet is asked of the browser
 * (elementFromPoint), so a dialog above the button counts as uncovered. An open dialog is checked
 * on its own: what is behind it is inert by design.
 */
export async function layoutProblems(page: Page, screen: string): Promise<string[]> {
  const problems: string[] = [];
  for (const at of ["top", "bottom"] as const) {
    const found = await page.evaluate((where) => {
      window.scrollTo(0, where === "top" ? 0 : document.documentElement.scrollHeight);
      const out: string[] = [];
      const doc = document.documentElement;
      if (where === "top" && doc.scrollWidth > doc.clientWidth + 1) {
        // Name the innermost elements that stick out, so the fix is obvious.
        const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > doc.clientWidth + 1));
        const names = wide.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}`);
        out.push(`scrolls sideways (${doc.scrollWidth} px wide in ${doc.clientWidth}; ${names.join(", ")})`);
      }
      const vw = doc.clientWidth;
      const vh = window.innerHeight;
      if (where === "top") {
        // Cut off at the screen's side: a box past the left or right edge that makes nothing scroll
        // sideways, because an ancestor clips it (80fbcd5: a card's button pushed it 45 px past a 360 px
        // screen and its message was cut mid-sentence, with no sideways scroll to show it). Left alone:
        // what sits in a box that scrolls sideways on purpose, what is hidden, and text for screen
        // readers only (clipped to a pixel).
        const scrollsSideways = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const overflowX = getComputedStyle(up).overflowX;
            if ((overflowX === "auto" || overflowX === "scroll") && up.scrollWidth > up.clientWidth) return true;
          }
          return false;
        };
        const cutOff = [...document.querySelectorAll("body *")].filter((el) => {
          const box = el.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1 || (box.right <= vw + 1 && box.left >= -1)) return false;
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions)) return false;
          if (getComputedStyle(el).position === "fixed" && (box.right <= 0 || box.left >= vw)) return false; // parked off screen (a skip link)
          return !scrollsSideways(el);
        });
        // Name the innermost ones (at most three), so the fix is obvious: "'its text' (tag.class)".
        const innermostNamed = (found: Element[]) =>
          found
            .filter((el) => !found.some((other) => other !== el && el.contains(other)))
            .slice(0, 3)
            .map((el) => {
              const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""}`;
              const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
              return { el, box: el.getBoundingClientRect(), label: `'${text || name}' (${name})` };
            });
        for (const { box, label } of innermostNamed(cutOff)) {
          out.push(`${label} is cut off at the screen's side (${Math.round(box.left)} to ${Math.round(box.right)} px in ${vw})`);
        }
        // Out of its card: a word with nowhere to wrap (a long email address) ran past the card's border
        // and the screen's edge still had room, so neither check above saw it.
        const outOfCard = [...document.querySelectorAll(".card *")].filter((el) => {
          if (cutOff.some((cut) => cut === el || el.contains(cut))) return false; // said once, above
          const card = el.closest(".card")!;
          const box = el.getBoundingClientRect();
          const edge = card.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1 || (box.right <= edge.right + 1 && box.left >= edge.left - 1)) return false;
          if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions)) return false;
          // A dialog opened from a card is drawn over the page, not in the card's box.
          const dialog = el.closest("dialog, [role=dialog]");
          if (getComputedStyle(el).position === "fixed" || (dialog && card.contains(dialog))) return false;
          return !scrollsSideways(el);
        });
        for (const { el, box, label } of innermostNamed(outOfCard)) {
          const edge = el.closest(".card")!.getBoundingClientRect();
          out.push(`${label} runs out of its card (${Math.round(box.left)} to ${Math.round(box.right)} px, the card ${Math.round(edge.left)} to ${Math.round(edge.right)})`);
        }
      }
      const shown = (el: Element) => {
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true } as CheckVisibilityOptions)) return false;
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && box.bottom > 0 && box.top < vh && box.right > 0 && box.left < vw;
      };
      const dialog = [...document.querySelectorAll("dialog[open], [role=dialog], [aria-modal=true]")].find(shown) ?? null;
      const scope = (dialog ?? document) as unknown as { querySelectorAll: Document["querySelectorAll"] };
      const floating = [...document.querySelectorAll("body *")].filter((el) => {
        const position = getComputedStyle(el).position;
        if (position !== "fixed" && position !== "sticky") return false;
        if (!shown(el)) return false;
        const box = el.getBoundingClientRect();
        if (box.width >= vw - 1 && box.height >= vh - 1) return false; // a dialog's backdrop
        if (dialog && (el.contains(dialog) || dialog.contains(el))) return false;
        // Scrolled to the bottom, only what floats low on the screen can cover the page's end.
        return where === "top" || box.top > vh / 2;
      });
      const interactive = [...scope.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [tabindex='0']")].filter(shown);
      for (const el of interactive) {
        const a = el.getBoundingClientRect();
        for (const f of floating) {
          if (f === el || f.contains(el) || el.contains(f)) continue;
          const b = f.getBoundingClientRect();
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
          if (!overlap) continue;
          // Which one is on top where they meet: a dialog in the top layer is above the floating button.
          const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2;
          const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2;
          const top = document.elementFromPoint(x, y);
          if (!top || !f.contains(top)) continue;
          // Covered only if no scrolling brings it out: up past a low floating element, down past a high one.
          const down = doc.scrollHeight - vh - window.scrollY;
          const up = window.scrollY;
          if ((b.top > vh / 2 && down >= a.bottom - b.top) || (b.top <= vh / 2 && up >= b.bottom - a.top)) continue;
          const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40) || el.tagName.toLowerCase();
          const by = (f.getAttribute("aria-label") ?? f.className ?? f.tagName).toString().slice(0, 40);
          out.push(`'${name}' is under '${by}' (scrolled to the ${where})`);
        }
      }
      return out;
    }, at);
    problems.push(...found.map((p) => `${screen}: ${p}`));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...new Set(problems)];
}
