/**
 * The discrete events on which React 18 hydrates a still-dehydrated root at once (react-dom's
 * discreteReplayableEvents). With Remix's single fetch the root's first render waits for the page's
 * data to be decoded; a click in that moment makes React render synchronously, which cannot wait, and
 * it throws "Root did not complete" (#345; remix-run/remix#10214, seen in our CI). ADR 068.
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
 * Until the root has hydrated (html[data-hydrated], set by app/root.tsx), these events reach no script:
 * they are stopped at the window, before React's listeners on the document, and keep their default
 * action. So the page behaves as the server's HTML it still is (a link is followed, a form posts, a
 * field takes the typing), as it does without JavaScript, instead of React failing on them.
 */
export function holdEventsUntilHydrated(): void {
  const hold = (event: Event) => {
    if (document.documentElement.dataset.hydrated === "true") {
      for (const type of HYDRATING_EVENTS)
        window.removeEventListener(type, hold, true);
      return;
    }
    event.stopImmediatePropagation();
  };
  for (const type of HYDRATING_EVENTS)
    window.addEventListener(type, hold, true);
}
