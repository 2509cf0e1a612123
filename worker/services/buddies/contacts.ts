import { and, asc, eq, sql } from "drizzle-orm";
import { emergencyContacts, type EmergencyContact } from "../../../db/schema";
import type { Deps } from "../deps";
import { badRequest, conflict } from "../errors";
import { parseInput } from "../validation";
import { BUDDY_MESSAGES, createBuddySchema, emailAddress, MAX_BUDDIES, updateBuddySchema } from "./schemas";
import { loadOwnBuddy, toBuddyJson, type BuddyJson } from "./own";
import { buddyDeepLink, issueTelegramToken, sendBuddyVerification } from "./verification";

export async function listBuddies(deps: Pick<Deps, "db">, userId: string): Promise<BuddyJson[]> {
  const rows = await deps.db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).orderBy(asc(emergencyContacts.order));
  return rows.map((row) => toBuddyJson(row));
}

/**
 * POST /v1/emergency-contacts/: at most 2 per user, positions 1 and 2 unique. The insert itself checks
 * the count and the unique index checks the position, so two parallel requests cannot both pass.
 * Telegram types get their deep link; an email buddy is sent the verification email.
 */
export async function createBuddy(deps: Deps, userId: string, input: unknown): Promise<BuddyJson> {
  const data = parseInput(createBuddySchema, input);
  const now = deps.clock.now().getTime();
  const id = crypto.randomUUID();
  let inserted: EmergencyContact[];
  try {
    inserted = await deps.db
      .insert(emergencyContacts)
      .select(
        sql`select ${id}, ${userId}, ${data.name}, ${data.type}, ${data.contact}, null, ${data.order}, 0, null, null, 0, null, ${now}, ${now}
            where (select count(*) from emergency_contacts where user_id = ${userId}) < ${MAX_BUDDIES}`,
      )
      .returning();
  } catch (error) {
    if (/UNIQUE constraint failed: emergency_contacts\.user_id, emergency_contacts\.order/.test(String((error as { cause?: unknown }).cause ?? error))) {
      throw conflict(BUDDY_MESSAGES.orderTaken, "BUDDY_ORDER_TAKEN");
    }
    throw error;
  }
  const row = inserted[0];
  if (!row) throw conflict(BUDDY_MESSAGES.max, "BUDDY_LIMIT");
  if (row.type === "email") {
    await sendBuddyVerification(deps, userId, row.id);
    return toBuddyJson(await loadOwnBuddy(deps, userId, row.id));
  }
  const token = await issueTelegramToken(deps, row.id);
  return toBuddyJson(await loadOwnBuddy(deps, userId, row.id), buddyDeepLink(deps.env, token, row.type));
}

/** PATCH /v1/emergency-contacts/{id}: the name, and an email buddy's address (which must be verified again). */
export async function updateBuddy(deps: Deps, userId: string, id: string, input: unknown): Promise<BuddyJson> {
  const row = await loadOwnBuddy(deps, userId, id);
  const data = parseInput(updateBuddySchema, input);
  if (data.type !== undefined && data.type !== row.type) throw badRequest(BUDDY_MESSAGES.typeFixed, "BUDDY_TYPE_FIXED");
  if (data.order !== undefined && data.order !== row.order) throw badRequest(BUDDY_MESSAGES.orderFixed, "BUDDY_ORDER_FIXED");
  const changes: Partial<EmergencyContact> = { updatedAt: deps.clock.now().getTime() };
  if (data.name !== undefined) changes.name = data.name;
  if (data.contact !== undefined && data.contact !== row.contact) {
    if (row.type !== "email") throw badRequest(BUDDY_MESSAGES.noContactForTelegram, "VALIDATION_ERROR");
    const parsed = emailAddress.safeParse(data.contact);
    if (!parsed.success) throw badRequest(BUDDY_MESSAGES.email, "VALIDATION_ERROR");
    if (parsed.data !== row.contact) Object.assign(changes, { contact: parsed.data, verified: false, verificationCodeHash: null, verificationExpiresAt: null, verificationAttempts: 0 });
  }
  await deps.db.update(emergencyContacts).set(changes).where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)));
  const updated = await loadOwnBuddy(deps, userId, id);
  if (changes.contact) {
    await sendBuddyVerification(deps, userId, id);
  }
  return toBuddyJson(updated);
}

export async function deleteBuddy(deps: Pick<Deps, "db">, userId: string, id: string): Promise<void> {
  await loadOwnBuddy(deps, userId, id);
  await deps.db.delete(emergencyContacts).where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)));
}
