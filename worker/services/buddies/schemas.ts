import { z } from "zod";

/** Spec 02 §5: name, type and position required; an address for the email type only. */
export const BUDDY_TYPES = ["email", "telegram_contact", "telegram_group"] as const;
export type BuddyType = (typeof BUDDY_TYPES)[number];
export const MAX_BUDDIES = 2;

export const BUDDY_MESSAGES = {
  name: "Please enter your buddy's name.",
  type: "Please choose how to reach your buddy: Email, Telegram Contact or Telegram Group.",
  order: "Please choose a position: 1 (Primary) or 2 (Secondary).",
  email: "Please enter a valid email address for your buddy.",
  noContactForTelegram: "Telegram buddies are reached through the link you share with them, so no address is needed.",
  typeFixed: "The type of a nudge buddy can't be changed. Delete it and add a new one instead.",
  orderFixed: "The position of a nudge buddy can't be changed. Delete it and add a new one instead.",
  max: `You have reached the maximum number of nudge buddies (${MAX_BUDDIES}). Delete an existing contact to add a new one.`,
  orderTaken: "That position is already used by your other nudge buddy.",
  notFound: "We couldn't find that nudge buddy.",
} as const;

const name = z.string({ error: BUDDY_MESSAGES.name }).trim().min(1, { error: BUDDY_MESSAGES.name }).max(100, { error: "The name can be at most 100 characters." });
const email = z.string({ error: BUDDY_MESSAGES.email }).trim().toLowerCase().max(254, { error: BUDDY_MESSAGES.email }).pipe(z.email({ error: BUDDY_MESSAGES.email }));

export const createBuddySchema = z
  .object({
    name,
    type: z.enum(BUDDY_TYPES, { error: BUDDY_MESSAGES.type }),
    order: z.union([z.literal(1), z.literal(2)], { error: BUDDY_MESSAGES.order }),
    contact: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    if (input.type !== "email") {
      if (input.contact !== undefined && input.contact !== null && input.contact !== "") ctx.addIssue({ code: "custom", message: BUDDY_MESSAGES.noContactForTelegram, path: ["contact"] });
      return { name: input.name, type: input.type, order: input.order, contact: null };
    }
    const parsed = email.safeParse(input.contact);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: BUDDY_MESSAGES.email, path: ["contact"] });
      return z.NEVER;
    }
    return { name: input.name, type: input.type, order: input.order, contact: parsed.data };
  });

export const updateBuddySchema = z.object({
  name: name.optional(),
  contact: z.unknown().optional(),
  type: z.unknown().optional(),
  order: z.unknown().optional(),
});

export const emailAddress = email;
