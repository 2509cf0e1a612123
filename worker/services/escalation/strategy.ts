import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { parseInput, requiredText } from "../validation";
import { DEFAULT_STRATEGY_KEY, getStrategy, isStrategyKey, unknownStrategyMessage } from "./catalogue";

export const USER_NOT_FOUND = "User not found. Please log in again.";
export const STRATEGY_REQUIRED = "Please select a strategy.";

/** PUT /v1/users/:id/default-escalation-strategy {strategy}: a catalogue key, or null for the product default. */
export const defaultStrategySchema = z.object(
  {
    strategy: requiredText(STRATEGY_REQUIRED)
      .refine(isStrategyKey, { error: (issue) => unknownStrategyMessage(String(issue.input)) })
      .nullable(),
  },
  { error: STRATEGY_REQUIRED },
);

export interface DefaultStrategyResult {
  id: string;
  /** What the user chose; null means the product default. */
  defaultEscalationStrategy: string | null;
  /** The sequence new tasks get: the choice, or the product default. */
  effectiveStrategy: { key: string; name: string };
  message: string;
}

/**
 * PUT /v1/users/:id/default-escalation-strategy {strategy}. Only for yourself (another id is a 404,
 * spec 02: 'User not found. Please log in again.'); a catalogue key, or null to reset to the product
 * default. Applies to tasks created from now on; running escalations keep their snapshot.
 */
export async function setDefaultStrategy(deps: Deps, actingUserId: string, targetUserId: string, input: unknown): Promise<DefaultStrategyResult> {
  if (actingUserId !== targetUserId) throw notFound(USER_NOT_FOUND, "USER_NOT_FOUND");
  const { strategy } = parseInput(defaultStrategySchema, input);
  const updated = await deps.db
    .update(users)
    .set({ defaultEscalationStrategy: strategy, updatedAt: deps.clock.now().getTime() })
    .where(eq(users.id, targetUserId))
    .returning({ id: users.id });
  if (updated.length === 0) throw notFound(USER_NOT_FOUND, "USER_NOT_FOUND");
  const effective = getStrategy(strategy ?? DEFAULT_STRATEGY_KEY);
  return {
    id: targetUserId,
    defaultEscalationStrategy: strategy,
    effectiveStrategy: { key: effective.key, name: effective.name },
    message: "Default escalation strategy updated successfully!",
  };
}
