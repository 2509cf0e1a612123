/**
 * Small line icons of the task screens (decorative: every control has its own text or label).
 *
 * Each icon is an `<svg>` with three attributes and its shapes as one string: the stroke style and the
 * sizes are in app.css (`.icon`, `.icon--16`). A dashboard card draws three icons, and with their ten
 * presentation attributes each they were a third of the card's attributes, the largest single cost of
 * the page's server render (React writes every attribute through one switch; issue 8's 0.2 ms a task).
 * The shapes are constants of this file, never anything a person typed, so the inner HTML is safe.
 */
function Icon({ shapes, size = 20 }: { shapes: string; size?: 16 | 20 | 28 }) {
  return <svg className={size === 20 ? "icon" : `icon icon--${size}`} viewBox="0 0 24 24" aria-hidden="true" dangerouslySetInnerHTML={{ __html: shapes }} />;
}

const TRASH = '<path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"/>';
const PENCIL = '<path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4zM13.5 6.5l4 4"/>';
const PLUS = '<path d="M12 5v14M5 12h14"/>';
const CHECK = '<path d="M5 12.5l4.5 4.5L19 7.5"/>';
const CLOCK = '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>';
/** Two heads: the nudge buddies. */
const PEOPLE = '<circle cx="9" cy="8" r="3"/><path d="M3.5 19c.6-3 2.8-5 5.5-5s4.9 2 5.5 5"/><circle cx="17" cy="9" r="2.5"/><path d="M16 14.2c2.3.3 4 2 4.5 4.8"/>';
const CLOSE = '<path d="M6 6l12 12M18 6L6 18"/>';
/** Quiet hours (issue 13): a crescent moon. */
const MOON = '<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z"/>';

export const TrashIcon = () => <Icon shapes={TRASH} />;
export const PencilIcon = () => <Icon shapes={PENCIL} />;
/** The create button's plus, larger and bolder than the others (`.icon--28`). */
export const PlusIcon = () => <Icon shapes={PLUS} size={28} />;
export const CheckIcon = () => <Icon shapes={CHECK} />;
export const ClockIcon = () => <Icon shapes={CLOCK} size={16} />;
export const PeopleIcon = () => <Icon shapes={PEOPLE} size={16} />;
export const CloseIcon = () => <Icon shapes={CLOSE} />;
export const MoonIcon = () => <Icon shapes={MOON} size={16} />;
