/**
 * The discrete events on which React 18 hydrates a still-dehydrated root at once (react-dom's
 * discreteReplayableEvents).
 */
const HYDRATING_EVENTS = [
  "auxclick",
  "change",
  "click",
  "compositionend",
  "compositionstart",
  "contextmenu",
  "copy",
  "cut",
  "dblclick",
  "dragend",
  "dragstart",
  "drop",
  "input",
  "keydown",
  "keypress",
  "keyup",
  "mousedown",
  "mouseup",
  "paste",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "reset",
  "submit",
  "textInput",
  "touchcancel",
  "touchend",
  "touchstart",
] as const;

/**
 * With Remix's single fetch, the root's first render waits (suspends, outside any boundary) until the
 * page's data is decoded into `window.__remixContext.state`. An event above in that moment makes React
 * hydrate synchronously, which cannot wait: it throws "Root did not complete" (#345;
 * remix-run/remix#10214, seen in our CI). ADR 068.
 */
function pageDataDecoded(): boolean {
  const context = (window as unknown as { __remixContext?: { state?: unknown } }).__remixContext;
  return context?.state !== undefined || document.documentElement.dataset.hydrated === "true";
}

/**
 * Until the page's data is decoded, those events reach no script: they are stopped at the window,
 * before React's listeners on the document, and keep their default action. So the page behaves as the
 * server's HTML it still is (a link is followed, a form posts, a field takes the typing), as it does
 * without JavaScript. From then on React hydrates on them and replays them as usual.
 */
export function holdEarlyEvents(): void {
  const hold = (event: Event) => {
    if (pageDataDecoded()) {
      for (const type of HYDRATING_EVENTS) window.removeEventListener(type, hold, true);
      return;
    }
    event.stopImmediatePropagation();
  };
  for (const type of HYDRATING_EVENTS) window.addEventListener(type, hold, true);
}
