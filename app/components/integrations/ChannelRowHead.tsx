import type { InputHTMLAttributes, ReactNode } from "react";

/**
 * The head of every row on Reminder Channels (spec 01: icon, title, description and toggle): the
 * switch is a real checkbox with role="switch" under its styled track, named by `switchLabel` and
 * described by the row's description.
 */
export function ChannelRowHead({
  id,
  icon,
  title,
  switchLabel,
  description,
  input,
}: {
  /** "telegram" gives ids channel-telegram-title and channel-telegram-description. */
  id: string;
  /** The icon's SVG paths (24 x 24, stroked). */
  icon: ReactNode;
  title: string;
  switchLabel: string;
  description: ReactNode;
  input: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role">;
}) {
  return (
    <div className="channel-row__head">
      <span className="channel-row__icon" aria-hidden="true">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {icon}
        </svg>
      </span>
      <h2 id={`channel-${id}-title`} className="channel-row__title">
        {title}
      </h2>
      <label className="switch">
        <input type="checkbox" role="switch" aria-describedby={`channel-${id}-description`} {...input} />
        <span className="switch__track" aria-hidden="true" />
        <span className="visually-hidden">{switchLabel}</span>
      </label>
      <p id={`channel-${id}-description`} className="muted channel-row__description">
        {description}
      </p>
    </div>
  );
}
