import { z } from "zod";

/**
 * The catalogue of escalation sequences. A strategy is data: an ordered list of steps, each fired
 * `afterMinutes` after the escalation starts (the task's due time) on every channel it names.
 * When an escalation starts, its steps are COPIED into `escalations.steps` and one
 * `escalation_steps` row per step, so editing this file never changes a running escalation.
 *
 * "buddies" is not a medium: it means "email each verified nudge buddy" (docs/escalation.md).
 */
export const STEP_CHANNELS = ["telegram", "push", "sms", "email", "voice", "buddies"] as const;
export type StepChannel = (typeof STEP_CHANNELS)[number];

export interface EscalationStepSpec {
  afterMinutes: number;
  channels: StepChannel[];
}

/**
 * "Acknowledged but not done" (issue 13): after an Acknowledge, the task is checked on again with the
 * strategy's first (gentlest) step, `afterMinutes` after the answer and then as often again, at most
 * `times` times; Done, or another Acknowledge, ends it. Null: an Acknowledge ends the reminders.
 */
export interface CheckBack {
  afterMinutes: number;
  times: number;
}

export interface EscalationStrategy {
  key: string;
  name: string;
  description: string;
  steps: EscalationStepSpec[];
  checkBack: CheckBack | null;
}

export const STRATEGIES = [
  {
    key: "gentle",
    name: "Gentle (pings only)",
    description: "A ping at the due time, and two more pings if you don't respond. No texts, calls or buddies.",
    steps: [
      { afterMinutes: 0, channels: ["telegram", "push"] },
      { afterMinutes: 30, channels: ["telegram", "push"] },
      { afterMinutes: 120, channels: ["telegram", "push"] },
    ],
    checkBack: null,
  },
  {
    key: "standard",
    name: "Standard",
    description: "A ping at the due time, a text and an email after 15 minutes, a call after 30, your nudge buddies after an hour.",
    steps: [
      { afterMinutes: 0, channels: ["telegram", "push"] },
      { afterMinutes: 15, channels: ["sms", "email"] },
      { afterMinutes: 30, channels: ["voice"] },
      { afterMinutes: 60, channels: ["buddies"] },
    ],
    checkBack: { afterMinutes: 120, times: 2 },
  },
  {
    key: "urgent",
    name: "Urgent (call early)",
    description: "A ping and a text at the due time, a call and an email after 5 minutes, another call after 15, your buddies after 30.",
    steps: [
      { afterMinutes: 0, channels: ["telegram", "push", "sms"] },
      { afterMinutes: 5, channels: ["voice", "email"] },
      { afterMinutes: 15, channels: ["voice"] },
      { afterMinutes: 30, channels: ["buddies"] },
    ],
    checkBack: { afterMinutes: 30, times: 3 },
  },
  {
    key: "no_buddies",
    name: "Standard without buddies",
    description: "Like Standard (ping, text and email, call) with a second call after an hour instead of alerting your buddies.",
    steps: [
      { afterMinutes: 0, channels: ["telegram", "push"] },
      { afterMinutes: 15, channels: ["sms", "email"] },
      { afterMinutes: 30, channels: ["voice"] },
      { afterMinutes: 60, channels: ["voice", "email"] },
    ],
    checkBack: { afterMinutes: 120, times: 2 },
  },
] as const satisfies readonly EscalationStrategy[];

export type StrategyKey = (typeof STRATEGIES)[number]["key"];

/** What a user without a chosen default gets (users.default_escalation_strategy = null). */
export const DEFAULT_STRATEGY_KEY: StrategyKey = "standard";

export const STRATEGY_KEYS = STRATEGIES.map((s) => s.key) as StrategyKey[];

export function isStrategyKey(value: unknown): value is StrategyKey {
  return typeof value === "string" && (STRATEGY_KEYS as string[]).includes(value);
}

export function getStrategy(key: string): EscalationStrategy {
  const found = STRATEGIES.find((s) => s.key === key);
  if (!found) throw new RangeError(`Unknown escalation strategy "${key}".`);
  return found as EscalationStrategy;
}

/** The task's own choice, else the user's default, else the product default. */
export function resolveStrategyKey(taskChoice: string | null | undefined, userDefault: string | null | undefined): StrategyKey {
  if (isStrategyKey(taskChoice)) return taskChoice;
  if (isStrategyKey(userDefault)) return userDefault;
  return DEFAULT_STRATEGY_KEY;
}

/** GET /v1/tasks/escalation-sequences: [{ key, name }] (spec 02 section 3), plus a description. */
export function listSequences(): Array<{ key: string; name: string; description: string }> {
  return STRATEGIES.map(({ key, name, description }) => ({ key, name, description }));
}

export const unknownStrategyMessage = (value: string) =>
  `Unknown escalation strategy "${value}". Choose one of: ${STRATEGY_KEYS.join(", ")}.`;

/** A strategy key in a request body, with a sentence naming the valid keys when it is wrong. */
export const strategyKeySchema = z
  .string({ error: "The strategy must be the key of an escalation sequence, e.g. \"standard\"." })
  .trim()
  .refine(isStrategyKey, { error: (issue) => unknownStrategyMessage(String(issue.input)) });
