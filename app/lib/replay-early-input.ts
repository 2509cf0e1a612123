/**
 * What a person typed, picked or ticked before the page hydrated, handed to React once it has.
 *
 * Until the page's script runs (and, under holdEarlyEvents, until its data is decoded) the fields
 * are the server's HTML: they take the typing, but no handler sees it. React 18 then hydrates
 * without looking at the fields, so its state keeps the server's values while the screen shows the
 * person's: a strategy visibly chosen with "Update" disabled, a ticked consent box with "Create
 * Account" disabled, or "Passwords do not match" under two equal passwords (CI, 2026-11-26).
 *
 * A tiny script at the top of the page (RECORD_EARLY_INPUT, before any field exists) notes which
 * fields the person touched. Once hydrated, each of those whose value differs from the one the
 * server rendered is changed again the way a browser changes it (an `input` event, a `change` event,
 * a click), and its handlers run as if the person had done it a moment later. Fields nobody touched
 * are left alone, even when the browser restored an older value into them on Back: replaying that
 * could flip a switch the person never touched on this page.
 */

/** The name of the list the recorder keeps on `window`. */
const EARLY_INPUT = "__nudgeEarlyInput";

/**
 * Inline, in the head: notes the form fields that get input, change or click events until the
 * page hydrates. Plain ES5 in a string, since it runs before any bundle and is sent as it is.
 */
export const RECORD_EARLY_INPUT = `(function(){var seen=window.${EARLY_INPUT}=[];function note(e){var t=e.target;if(window.${EARLY_INPUT}!==seen||!(t instanceof Element)||!t.matches("input,textarea,select"))return;if(seen.indexOf(t)<0)seen.push(t)}["input","change","click"].forEach(function(type){addEventListener(type,note,true)})})();`;

/**
 * Replays what was recorded (once: the list is handed over and the recorder stops).
 *
 * The field an event is being dispatched to right now is left to that event. React runs the
 * hydrated page's pending effects (this replay among them) before it handles an event that comes
 * while they wait: a person's change to a select in that moment used to be replayed first, inside
 * their own event; React then put the select back on the value its state held, and the person's
 * event carried that value to the page. Their choice was lost (CI, session 30; early-input.spec
 * makes that moment happen). Their event brings the field's value to React itself.
 */
export function replayEarlyInput(): void {
  const holder = window as unknown as Record<string, Element[] | undefined>;
  const touched = holder[EARLY_INPUT] ?? [];
  holder[EARLY_INPUT] = undefined;
  const inFlight = eventInFlight()?.target;
  for (const field of touched) {
    if (!field.isConnected || field === inFlight) continue;
    if (field instanceof HTMLSelectElement) replaySelect(field);
    else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) replayCheck(field);
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) replayText(field);
  }
}

/**
 * The event whose listeners are running now, if any (the DOM's "current event", `window.event`:
 * every browser keeps it, the standard marks it legacy only because handlers get the event anyway).
 */
function eventInFlight(): Event | undefined {
  return (window as unknown as { event?: Event }).event;
}

/** Inputs whose value is not the person's to type. */
const NOT_TYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

function replayText(field: HTMLInputElement | HTMLTextAreaElement) {
  if (field.disabled || (field instanceof HTMLInputElement && NOT_TYPED.has(field.type))) return;
  const typed = field.value;
  if (typed === field.defaultValue) return;
  // React reports a change only when the value differs from the one it last saw (its value tracker,
  // set at hydration to what the field holds). Setting through the element records another value
  // there; setting back through the prototype's setter does not, so the `input` event below is a
  // change to React, as a keystroke would be.
  field.value = typed === "" ? " " : "";
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function replayCheck(field: HTMLInputElement) {
  if (field.disabled || field.checked === field.defaultChecked) return;
  // A radio left unchecked was unchecked by choosing another, whose replay sets the group.
  if (field.type === "radio" && !field.checked) return;
  // A box ticked early (or a radio chosen) is a click React never saw: step back and click again,
  // so the click lands on the state the person left.
  field.checked = !field.checked;
  field.click();
}

function replaySelect(field: HTMLSelectElement) {
  if (field.disabled || field.multiple) return;
  if (field.selectedIndex === renderedIndex(field)) return;
  // React takes a select's change from its `change` event alone.
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The option the server's HTML selects: the last one marked `selected`, else the first enabled one. */
function renderedIndex(field: HTMLSelectElement): number {
  const options = Array.from(field.options);
  for (let index = options.length - 1; index >= 0; index -= 1) {
    if (options[index]?.defaultSelected) return index;
  }
  return options.findIndex((option) => !option.disabled);
}
