import { and, eq } from "drizzle-orm";
import { emergencyContacts, type EmergencyContact } from "../../../db/schema";
import type { Deps } from "../deps";
import { notFound } from "../errors";
import { BUDDY_MESSAGES } from "./schemas";

/** A nudge buddy as the API shows it (spec 02 §3): never its code's hash, the deep link for Telegram types. */
export interface BuddyJson {
  id: string;
  name: string;
  type: string;
  contact: string | null;
  order: number;
  verified: boolean;
  optedOut: boolean;
  verificationExpiresAt: string | null;
  deepLink?: string;
}

export function toBuddyJson(row: EmergencyContact, deepLink?: string): BuddyJson {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    contact: row.contact,
    order: row.order,
    verified: row.verified,
    optedOut: row.optedOutAt !== null,
    verificationExpiresAt: row.verificationExpiresAt ? new Date(row.verificationExpiresAt).toISOString() : null,
    ...(deepLink ? { deepLink } : {}),
  };
}

/** The owner's buddy, or 404: another owner's id is not found, whatever it is. */
export async function loadOwnBuddy(deps: Pick<Deps, "db">, userId: string, id: string): Promise<EmergencyContact> {
  const [row] = await deps.db
    .select()
    .from(emergencyContacts)
    .where(and(eq(emergencyContacts.id, id), eq(emergencyContacts.userId, userId)))
    .limit(1);
  if (!row) throw notFound(BUDDY_MESSAGES.notFound, "BUDDY_NOT_FOUND");
  return row;
}
