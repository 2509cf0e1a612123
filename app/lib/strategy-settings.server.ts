import type { PublicUser } from "../../worker/services/auth";
import type { Deps } from "../../worker/services/deps";
import { DEFAULT_STRATEGY_KEY, getStrategy, previewReach, setDefaultStrategy, STRATEGIES, type MediaStatus, type Reachability, type StepChannel } from "../../worker/services/escalation";
import type { StrategyResult, StrategySettings, TaskStrategyChoice } from "~/components/tasks/types";
import { STRATEGY_FAILED } from "./messages";
import { errorMessage } from "./action-errors.server";
import { field } from "./forms.server";

/**
 * The default escalation strategy block of Settings (spec 02): the catalogue with readable steps,
 * and the update through the same service as PUT /v1/users/{id}/default-escalation-strategy.
 */

const CHANNEL_WORDS: Record<StepChannel, string> = {
  telegram: "Telegram message",
  push: "push notification",
  sms: "text message",
  email: "email",
  voice: "phone call",
  buddies: "alert to your nudge buddies",
};

function whenWords(minutes: number): string {
  if (minutes === 0) return "At the due time";
  if (minutes < 60) return `After ${minutes} minutes`;
  const hours = minutes / 60;
  return Number.isInteger(hours) ? `After ${hours} hour${hours === 1 ? "" : "s"}` : `After ${minutes} minutes`;
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The re-nudge after an Acknowledge (issue 13), in words for Settings. */
export function checkBackWords(checkBack: { afterMinutes: number; times: number } | null): string {
  if (!checkBack) return "Acknowledge stops the reminders: no check-back.";
  return `If you acknowledge but don't mark it done, Nudge checks back ${cadenceWords(checkBack)}. Done ends it.`;
}

/** "after 2 hours, up to 2 times": how often a check-back asks. */
function cadenceWords(checkBack: { afterMinutes: number; times: number }): string {
  const after = whenWords(checkBack.afterMinutes).replace(/^After/, "after");
  return `${after}, ${checkBack.times === 1 ? "once" : `up to ${checkBack.times} times`}`;
}

/** The check-back select's first choice (issue 13) for one sequence: "Same as Urgent", and what it does. */
function checkBackChoiceOf(key: string): { option: string; hint: string } {
  const strategy = getStrategy(key);
  const option = `Same as ${strategy.name.replace(/ \(.*\)$/, "")}`;
  if (!strategy.checkBack) return { option, hint: `${strategy.name} doesn't check back after an Acknowledge.` };
  return { option, hint: `${strategy.name} checks back ${cadenceWords(strategy.checkBack)}, until you tap Done.` };
}

/**
 * "How hard to nudge" on New Task (ADR 111): the person's default first (""; the task takes the default's
 * key when it is made, as POST /v1/tasks without a strategy), then every sequence. Edit Task shows the
 * task's own key and no "default" choice: a task keeps the sequence it was made with.
 */
export function taskStrategyChoices(user: Pick<PublicUser, "defaultEscalationStrategy">, options: { withDefault: boolean }): TaskStrategyChoice[] {
  const defaultKey = user.defaultEscalationStrategy ?? DEFAULT_STRATEGY_KEY;
  const own = STRATEGIES.map((s) => ({ value: s.key, label: s.name, description: s.description, checkBack: checkBackChoiceOf(s.key) }));
  if (!options.withDefault) return own;
  const fallback = getStrategy(defaultKey);
  return [{ value: "", label: `My default: ${fallback.name}`, description: fallback.description, checkBack: checkBackChoiceOf(defaultKey) }, ...own];
}

/**
 * The catalogue (the same list as GET /v1/tasks/escalation-sequences) with readable steps, and for
 * each sequence what it would do for this person right now (`forYou`): the engine's own plan for
 * their reach (readOwnReach) on this server's media, so "a call after 30 minutes" comes with "you
 * have no verified phone number yet" when that is so.
 */
export function strategySettings(user: Pick<PublicUser, "defaultEscalationStrategy">, now: { reach: Reachability; media: MediaStatus }): StrategySettings {
  const fallback = STRATEGIES.find((s) => s.key === DEFAULT_STRATEGY_KEY) ?? STRATEGIES[0];
  return {
    current: user.defaultEscalationStrategy ?? "",
    productDefault: { key: fallback.key, name: fallback.name },
    options: STRATEGIES.map((s) => {
      const preview = previewReach(s, now.reach, now.media);
      return {
        key: s.key,
        name: s.name,
        description: s.description,
        steps: s.steps.map((step) => `${whenWords(step.afterMinutes)}: ${listWords(step.channels.map((c) => CHANNEL_WORDS[c]))}`),
        checkBack: checkBackWords(s.checkBack),
        forYou: {
          notes: preview.notes,
          // Where the person can change it: their own channels, or their buddies. Not what the server lacks.
          setUpChannels: preview.missing.some((c) => c !== "buddies"),
          addBuddy: preview.missing.includes("buddies"),
        },
      };
    }),
  };
}

/**
 * PUT default-escalation-strategy through setDefaultStrategy (for yourself only). The select's
 * '<product default> (default)' option posts "" (a form cannot send null): that is null, back to
 * the product default.
 */
export async function updateDefaultStrategy(deps: Deps, user: PublicUser, form: FormData): Promise<StrategyResult> {
  const strategy = field(form, "strategy") || null;
  try {
    const result = await setDefaultStrategy(deps, user.id, user.id, { strategy });
    return { kind: "strategy", ok: true, message: result.message, current: result.defaultEscalationStrategy ?? "" };
  } catch (error) {
    return { kind: "strategy", ok: false, message: errorMessage(error, STRATEGY_FAILED), current: user.defaultEscalationStrategy ?? "" };
  }
}
