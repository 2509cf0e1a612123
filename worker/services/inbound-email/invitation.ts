import ICAL from "ical.js";

export interface Invitation {
  title: string;
  startsAt: Date;
}

/**
 * A meeting invitation (`text/calendar`, METHOD:REQUEST) read with ical.js: the first event's
 * SUMMARY and DTSTART. A start with a TZID uses the VTIMEZONE the invitation carries (ical.js
 * registers it); a floating start is read in the person's own zone by the caller. Null when the
 * calendar part is not an invitation or has no start.
 */
export function readInvitation(ics: string): { title: string; start: ICAL.Time } | null {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return null;
  }
  const method = root.getFirstPropertyValue("method");
  if (typeof method !== "string" || method.toUpperCase() !== "REQUEST") return null;
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = root.getFirstSubcomponent("vevent");
  if (!vevent) return null;
  const event = new ICAL.Event(vevent);
  if (!event.startDate) return null;
  return { title: (event.summary ?? "").trim() || "Meeting", start: event.startDate };
}
