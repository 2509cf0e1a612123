/** Step states that have not been sent yet (and may still be cancelled, shifted or claimed). */
export const UNSENT_STEP_STATES = ["waiting", "pending", "claimed", "sending"] as const;
/** Escalation states of a chain that is still going (or only paused by a snooze). */
export const LIVE_ESCALATION_STATES = ["running", "paused"] as const;

export function isLiveEscalationState(state: string): boolean {
  return (LIVE_ESCALATION_STATES as readonly string[]).includes(state);
}
