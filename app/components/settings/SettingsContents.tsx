import { Link, useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * "On this page" at the top of Settings: the page is long on a phone (about 5,000 px), and a person who
 * came to change their password should not have to scroll past every other section to find it. Each link
 * is a section's id, which also lets other pages and emails point at one section (/settings#account).
 * Links, not plain anchors: the router owns scrolling (ScrollRestoration), and a plain anchor's hash change
 * came back to it as a history "pop" that restored an older position instead of going to the section.
 */
export const SETTINGS_SECTIONS = [
  { id: "timezone", label: "Timezone" },
  { id: "escalation", label: "Escalation" },
  { id: "break", label: "Take a break" },
  { id: "quiet-hours", label: "Quiet hours" },
  { id: "channels", label: "Channels" },
  { id: "appearance", label: "Appearance" },
  { id: "privacy", label: "Privacy" },
  { id: "account", label: "Your account" },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]["id"];

export function SettingsContents() {
  useFocusOnSection();
  return (
    <nav className="settings-contents" aria-label="Settings sections">
      <ul className="settings-contents__list">
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section.id}>
            <Link className="settings-contents__link" to={{ hash: section.id }}>
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The router scrolls to the section; keyboard focus must follow, or Tab after a link would carry on from
 * the contents instead of inside the section the person asked for. Sections take focus without entering
 * the Tab order (tabIndex -1).
 */
function useFocusOnSection() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.slice(1);
    if (!SETTINGS_SECTIONS.some((section) => section.id === id)) return;
    document.getElementById(id)?.focus({ preventScroll: true });
  }, [hash]);
}
