/**
 * The whole data model for both specs, designed up front so later work extends it.
 *
 * Conventions:
 * - ids are random UUID strings (crypto.randomUUID()), so they can be minted before a batch write.
 * - every instant is an integer of milliseconds since the epoch, UTC ("*_at" columns);
 *   user-facing wall times are computed in the user's IANA zone at the edges.
 * - secrets at rest are hashes ("*_hash" columns), looked up by hash: SHA-256 of long random tokens;
 *   short codes a person types are HMAC-SHA-256 under a server key (ADR 019), so a leaked table
 *   cannot be reversed by trying every code.
 * - booleans are SQLite integers 0/1 (drizzle `mode: "boolean"`).
 */
import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const id = () => text("id").primaryKey();
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

// ---------------------------------------------------------------------------------------------
// Accounts and session (spec 01)
// ---------------------------------------------------------------------------------------------

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    /** PHC-style string with the KDF parameters; null for Google-only accounts. */
    passwordHash: text("password_hash"),
    isVerified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    /** International string (e.g. +972501234567) or null. */
    phone: text("phone"),
    phoneVerified: integer("phone_verified", { mode: "boolean" }).notNull().default(false),
    /** When the number texted STOP (issue 10): no texts until it texts START. */
    smsOptedOutAt: integer("sms_opted_out_at", { mode: "number" }),
    telegramChatId: text("telegram_chat_id"),
    /**
     * The reminder last made by writing to the bot, and when (ADR 104): a correction ("make it 8pm") or an
     * "undo" soon after is about it. Read with the chat's owner; a deleted task is simply not found.
     */
    telegramLastMadeTaskId: text("telegram_last_made_task_id"),
    telegramLastMadeAt: integer("telegram_last_made_at", { mode: "number" }),
    /** The reader's last unanswered question in the chat, as JSON, and when it was asked (ADR 164; migration 0035). */
    telegramQuestion: text("telegram_question"),
    telegramQuestionAt: integer("telegram_question_at", { mode: "number" }),
    timezone: text("timezone").notNull().default("UTC"),
    consent: integer("consent", { mode: "boolean" }).notNull().default(false),
    googleId: text("google_id"),
    /** SHA-256 of the calendar feed token; present means the feed is enabled. */
    icsTokenHash: text("ics_token_hash"),
    /** The random part the feed token is derived from (issue 12, ADR 061); the token itself is never stored. */
    icsTokenNonce: text("ics_token_nonce"),
    /** Key into the escalation catalogue; null means the product default. */
    defaultEscalationStrategy: text("default_escalation_strategy"),
    /**
     * Quiet hours (issue 13): minutes after local midnight in `timezone`; both null = off. During them
     * no text or call is placed and no buddy alerted; held steps catch up when they end (ADR 064).
     */
    quietStart: integer("quiet_start"),
    quietEnd: integer("quiet_end"),
    /** Whether gentle pings (Telegram, notifications) may still go during quiet hours. */
    quietGentle: integer("quiet_gentle", { mode: "boolean" }).notNull().default(true),
    /**
     * A break (ADR 095): until this moment (epoch ms) nothing reminds the person, gentle pings included;
     * held steps catch up in one message when it ends, as after quiet hours. Null: no break.
     */
    breakUntil: integer("break_until", { mode: "number" }),
    /**
     * When the person's sessions were last ended (a new password, a reset, a take-back; epoch ms). Refresh
     * tokens are revoked at that moment; access tokens are stateless for 15 minutes, so the places that read
     * this row anyway refuse one signed before it (ADR 115). Null: never ended.
     */
    sessionsEndedAt: integer("sessions_ended_at", { mode: "number" }),
    /** Set when the user skips onboarding (the spec's skip flag lives in a cookie too). */
    onboardingSkippedAt: integer("onboarding_skipped_at", { mode: "number" }),
    /** The optional pairing handshake given at registration, kept for the pairing work. */
    pairPlatformId: text("pair_platform_id"),
    /**
     * HMAC of `platformId:code` under a server key (pairingCodeHash, ADR 040), never the code: it
     * would let anyone with a copy of the table pair with the person's account. The column keeps
     * its first name so no table rebuild is needed.
     */
    pairPlatformCodeHash: text("pair_platform_code"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_id_unique").on(t.googleId),
    uniqueIndex("users_telegram_chat_id_unique").on(t.telegramChatId),
    index("users_ics_token_hash_idx").on(t.icsTokenHash),
    // Answers by text and keypad find the account by its number (issue 10).
    index("users_phone_idx").on(t.phone),
    uniqueIndex("users_ics_token_hash_unique").on(t.icsTokenHash),
  ],
);

/** One row per refresh token ever issued; rotation marks the old row, reuse revokes the family. */
export const refreshSessions = sqliteTable(
  "refresh_sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: text("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    rotatedAt: integer("rotated_at", { mode: "number" }),
    revokedAt: integer("revoked_at", { mode: "number" }),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_sessions_token_hash_unique").on(t.tokenHash),
    index("refresh_sessions_family_idx").on(t.familyId),
    index("refresh_sessions_user_idx").on(t.userId),
  ],
);

/**
 * Short numeric codes typed by a person: email verification OTP, password reset code, phone code.
 * Single use, expiring, with an attempt counter.
 */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** "email_verify" | "password_reset" | "phone_verify" */
    purpose: text("purpose").notNull(),
    /** The email address or phone number the code was sent to. */
    target: text("target").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: integer("consumed_at", { mode: "number" }),
    lockedUntil: integer("locked_until", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("verification_codes_user_purpose_idx").on(t.userId, t.purpose),
    index("verification_codes_target_purpose_idx").on(t.target, t.purpose),
  ],
);

/**
 * Long random tokens carried in links: magic link, password reset link, email action links
 * (done / snooze / acknowledge), buddy verify and unsubscribe, Google OAuth state.
 */
export const linkTokens = sqliteTable(
  "link_tokens",
  {
    id: id(),
    /** "magic_link" | "password_reset" | "task_action" | "buddy_verify" | "buddy_unsubscribe" | ... */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What the token acts on (a task id, a contact id), if anything. */
    subjectId: text("subject_id"),
    /** Purpose-specific JSON (e.g. the action of a task link). */
    data: text("data"),
    expiresAt: integer("expires_at", { mode: "number" }),
    consumedAt: integer("consumed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("link_tokens_token_hash_unique").on(t.tokenHash),
    index("link_tokens_subject_idx").on(t.purpose, t.subjectId),
    // Every column that references users is indexed: deleting an account finds the rows to cascade to
    // by it, instead of reading the whole table (tests/workerd/query-plans.test.ts).
    index("link_tokens_user_idx").on(t.userId),
  ],
);

/** Exact counters for throttling (login failures per account+IP, code sends per address...). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: integer("window_started_at", { mode: "number" }).notNull(),
  blockedUntil: integer("blocked_until", { mode: "number" }),
});

// ---------------------------------------------------------------------------------------------
// Tasks and escalation (spec 02)
// ---------------------------------------------------------------------------------------------

export const tasks = sqliteTable(
  "tasks",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    dueAt: integer("due_at", { mode: "number" }).notNull(),
    /** "PENDING" | "ACKNOWLEDGED" | "SNOOZED" | "COMPLETED" */
    status: text("status").notNull().default("PENDING"),
    /** Key into the escalation catalogue chosen for this task (copied from the user's default). */
    strategyKey: text("strategy_key").notNull(),
    /** JSON recurrence rule ({ freq, days?, ... }) or null for a one-off task. */
    recurrence: text("recurrence"),
    /** Shared by every occurrence of a recurring reminder. */
    seriesId: text("series_id"),
    /** "web" | "nl" | "telegram" | "email" | "api" */
    source: text("source").notNull().default("web"),
    escalationHaltedAt: integer("escalation_halted_at", { mode: "number" }),
    lastReminderSentAt: integer("last_reminder_sent_at", { mode: "number" }),
    /** When a nudge buddy was first really alerted about this task (issue 11); shown on its card. */
    buddiesAlertedAt: integer("buddies_alerted_at", { mode: "number" }),
    acknowledgedAt: integer("acknowledged_at", { mode: "number" }),
    /** "Remind me even during quiet hours" (issue 13): medication at 23:00. */
    ignoreQuietHours: integer("ignore_quiet_hours", { mode: "boolean" }).notNull().default(false),
    /** The end of the quiet hours this task's reminders were last held for (shown on its card while ahead). */
    quietHeldUntil: integer("quiet_held_until", { mode: "number" }),
    /** When the next check-back after an Acknowledge is due (issue 13); null when none is planned. */
    checkBackAt: integer("check_back_at", { mode: "number" }),
    /** This task's own check-back after an Acknowledge (issue 13): null = the sequence's, 0 = never, N = after N minutes. */
    checkBackMinutes: integer("check_back_minutes"),
    completedAt: integer("completed_at", { mode: "number" }),
    snoozedUntil: integer("snoozed_until", { mode: "number" }),
    /**
     * Shared by reminders made from one message naming several times ("at 8am and 8pm", ADR 181), so a change said
     * about them ("make it every day") changes each (ADR 187); null for one made alone. Migration 0038.
     */
    madeTogetherId: text("made_together_id"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
    /**
     * 1 when the status is COMPLETED, else 0: the task list's first order key (open tasks first).
     * Generated by SQLite from the status and never written (migration 0028): as a column, unlike an
     * expression, it lets a keyset page seek (is_completed, due_at, id) > (?, ?, ?) in the list index.
     */
    isCompleted: integer("is_completed", { mode: "number" }).generatedAlwaysAs(sql`("status" = 'COMPLETED')`, { mode: "virtual" }),
    /**
     * The task list's second order key: the due time of an open task, minus the due time of a done one,
     * so the list's done part comes latest first (migration 0029, ADR 085). For an open task it IS
     * due_at: reads of the open part range and order on it to walk the list index.
     */
    listDue: integer("list_due", { mode: "number" }).generatedAlwaysAs(sql`(CASE WHEN "status" = 'COMPLETED' THEN -"due_at" ELSE "due_at" END)`, { mode: "virtual" }),
  },
  (t) => [
    index("tasks_user_due_idx").on(t.userId, t.dueAt),
    // The task list's order (open first, soonest due first; then completed, latest due first; id breaks
    // ties), as an index: page 1 reads one page of rows instead of sorting every task of the user, and
    // a keyset page seeks its position in it (issue 8, ADR 085).
    index("tasks_user_list_idx").on(t.userId, t.isCompleted, t.listDue, t.id),
    index("tasks_user_status_idx").on(t.userId, t.status),
    index("tasks_series_idx").on(t.seriesId),
    index("tasks_made_together_idx")
      .on(t.madeTogetherId)
      .where(sql`${sql.identifier("made_together_id")} is not null`),
    // The calendar feed's recently done tasks (services/calendar/feed.ts). Partial: written when a task is done.
    index("tasks_user_completed_idx")
      .on(t.userId, t.completedAt)
      .where(sql`${sql.identifier("completed_at")} is not null`),
  ],
);

/**
 * One escalation run of a task: the strategy is copied here when it starts, so later edits of the
 * catalogue or the user's default never change a running escalation.
 */
export const escalations = sqliteTable(
  "escalations",
  {
    id: id(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    strategyKey: text("strategy_key").notNull(),
    /** JSON snapshot of the steps: [{ afterMinutes, channels: [...] }, ...]. */
    steps: text("steps").notNull(),
    /** "running" | "paused" | "acknowledged" | "completed" | "exhausted" | "cancelled" */
    state: text("state").notNull().default("running"),
    /**
     * "reminder": the task's chain; "check_back": the gentle pings after an Acknowledge while the
     * task is not done (issue 13, catalogue.ts `checkBack`), which fire although the task is ACKNOWLEDGED.
     */
    kind: text("kind").notNull().default("reminder"),
    startedAt: integer("started_at", { mode: "number" }).notNull(),
    endedAt: integer("ended_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("escalations_task_idx").on(t.taskId, t.state),
    // The retention's finished chains (docs/scale.md); partial: only ended chains are in it.
    index("escalations_ended_idx")
      .on(t.endedAt)
      .where(sql`${sql.identifier("ended_at")} is not null`),
    // The auditor's sweep (services/escalation/audit.ts): live chains in (started_at, id) order. Partial,
    // so it holds only the chains still going, not the history; the query must repeat its WHERE
    // word for word (literal states) or SQLite cannot use it.
    index("escalations_live_idx")
      .on(t.startedAt, t.id)
      .where(sql`${sql.identifier("state")} in ('running', 'paused')`),
  ],
);

/**
 * One row per step to fire. The cron tick claims due rows (state "pending", due_at <= now, or an
 * expired lease) with a conditional update, then queues their ids.
 */
export const escalationSteps = sqliteTable(
  "escalation_steps",
  {
    id: id(),
    escalationId: text("escalation_id")
      .notNull()
      .references(() => escalations.id, { onDelete: "cascade" }),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    stepIndex: integer("step_index").notNull(),
    /** JSON array of channels for this step, e.g. ["telegram","push"]. */
    channels: text("channels").notNull(),
    dueAt: integer("due_at", { mode: "number" }).notNull(),
    /**
     * The step's delivery round (ADR 027) while a provider retry has moved its due_at on (ADR 042):
     * the due_at it fired at, so the retried deliveries keep their keys. Null: the round is due_at.
     * A snooze starts a new round and clears it.
     */
    roundAt: integer("round_at", { mode: "number" }),
    /**
     * The end of the quiet hours this step was held for (issue 13, ADR 064). When the step fires at
     * exactly that time it sends the person's one catch-up instead of its own channels.
     */
    heldUntil: integer("held_until", { mode: "number" }),
    /**
     * "waiting" (a later step: becomes "pending" when the step before it is sent) | "pending" |
     * "claimed" (by a tick) | "sending" (a consumer is delivering it) | "sent" | "cancelled" | "dead"
     */
    state: text("state").notNull().default("pending"),
    leaseUntil: integer("lease_until", { mode: "number" }),
    claimedBy: text("claimed_by"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: integer("sent_at", { mode: "number" }),
    /** Why the last attempt failed (kept when the step goes to the dead-letter queue). */
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("escalation_steps_unique").on(t.escalationId, t.stepIndex),
    // The tick's "due" claim (claim.ts): pending steps by due time. Partial, like the two below, so a
    // step's state changes write an index entry only when it enters the set (D1 counts each entry a
    // write inserts, ADR 067); queries repeat the WHERE word for word, with literals.
    index("escalation_steps_pending_due_idx")
      .on(t.dueAt)
      .where(sql`${sql.identifier("state")} = 'pending'`),
    // The tick's first claim: first pings before any later step (claim.ts, ADR 043). Partial, so it
    // holds only pending first steps; the claim repeats its WHERE word for word (literals).
    index("escalation_steps_first_due_idx")
      .on(t.dueAt)
      .where(sql`${sql.identifier("state")} = 'pending' and ${sql.identifier("step_index")} = 0`),
    /** The tick's "expired" claim, the burial of exhausted steps, the in-flight count: leased steps by lease. */
    index("escalation_steps_leased_idx")
      .on(t.leaseUntil)
      .where(sql`${sql.identifier("state")} in ('claimed', 'sending')`),
    index("escalation_steps_task_idx").on(t.taskId),
    index("escalation_steps_held_idx")
      .on(t.heldUntil)
      .where(sql`${sql.identifier("held_until")} is not null`),
  ],
);

/**
 * One row per message we attempt. The idempotency key (escalation, step@round, channel, recipient;
 * the round is the step's due_at when it fired) is written BEFORE the provider is called, so a
 * redelivered queue message never sends twice (ADR 021, ADR 027).
 */
export const deliveries = sqliteTable(
  "deliveries",
  {
    /** The idempotency key (ADR 067; rows before it had a random id, and migration 0025 set it to the key). */
    id: id(),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /**
     * The task it was about: history, with no foreign key and no index (migration 0027, ADR 069). A
     * deleted task leaves it pointing at nothing; a task's deliveries are found by key (deliveryKeyRange).
     */
    taskId: text("task_id"),
    escalationStepId: text("escalation_step_id"),
    /** "email" | "sms" | "voice" | "telegram" | "push" */
    channel: text("channel").notNull(),
    /** The channel the step asked for, when a fallback was used. */
    requestedChannel: text("requested_channel"),
    recipient: text("recipient").notNull(),
    /**
     * "pending" | "sent" | "failed" (the last try failed; the next sends it again) | "refused" (the
     * provider refused it for good, ADR 042: never sent again) | "dead" (its step was given up)
     */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "number" }),
    /**
     * The SHA-256 of the message's answer links' token (a reminder email or push, ADR 067): the
     * links are `/r/<token>/<answer>` and usable for a week from created_at. Null for other messages.
     */
    linkTokenHash: text("link_token_hash"),
    /** The answers already given through those links, as JSON: {"done": <ms>, ...} (each acts once). */
    linkUses: text("link_uses"),
  },
  (t) => [
    // No index of its own on idempotency_key: since ADR 067 the id IS the key (the primary key keeps it unique).
    uniqueIndex("deliveries_link_token_unique")
      .on(t.linkTokenHash)
      .where(sql`${sql.identifier("link_token_hash")} is not null`),
    // A person's deliveries by age: deleting an account finds its rows (the foreign key's cascade),
    // the daily cap on texts and calls reads the last 24 hours of them (issue 10), and the retention
    // sweep finds the old ones, a slice of people per run. The only index besides the link hash:
    // the table is WITHOUT ROWID (migration 0027), so the key is the table itself (ADR 069).
    index("deliveries_user_idx").on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Nudge buddies (spec 02)
// ---------------------------------------------------------------------------------------------

export const emergencyContacts = sqliteTable(
  "emergency_contacts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "email" | "telegram_contact" | "telegram_group" */
    type: text("type").notNull(),
    /** Email address, @username or chat id; null for Telegram types until resolved. */
    contact: text("contact"),
    /** Resolved Telegram chat id once the buddy opened the deep link. */
    telegramChatId: text("telegram_chat_id"),
    /** 1 = Primary, 2 = Secondary; unique per user. */
    order: integer("order").notNull(),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    verificationCodeHash: text("verification_code_hash"),
    verificationExpiresAt: integer("verification_expires_at", { mode: "number" }),
    verificationAttempts: integer("verification_attempts").notNull().default(0),
    optedOutAt: integer("opted_out_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("emergency_contacts_user_order_unique").on(t.userId, t.order),
    index("emergency_contacts_code_idx").on(t.verificationCodeHash),
    // A buddy's own chat writing to the bot (ADR 180, migration 0037).
    index("emergency_contacts_telegram_chat_idx").on(t.telegramChatId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Channels: Telegram linking, pairing, inbound dedupe, push, outbox
// ---------------------------------------------------------------------------------------------

/** One-time codes that link a Telegram chat to a user (10 minutes, single use). */
export const telegramLinkCodes = sqliteTable(
  "telegram_link_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    consumedAt: integer("consumed_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("telegram_link_codes_hash_unique").on(t.codeHash), index("telegram_link_codes_user_idx").on(t.userId)],
);

/**
 * Which chat message made which reminder (ADR 107): an edit of that message in Telegram changes the reminder
 * it made. Goes with its task, and after three days (retention.ts; edits are followed for two).
 */
export const telegramMadeTasks = sqliteTable(
  "telegram_made_tasks",
  {
    chatId: text("chat_id").notNull(),
    messageId: integer("message_id", { mode: "number" }).notNull(),
    taskId: text("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    madeAt: integer("made_at", { mode: "number" }).notNull(),
    /** The bot's confirmation of that reminder (its message id): rewritten when the reminder is changed in words (migration 0033). */
    confirmationId: integer("confirmation_id", { mode: "number" }),
    /** The question the message answered when it made the reminder (JSON, ADR 168; migration 0036): an edit is fitted into it. */
    question: text("question"),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.messageId] }), index("telegram_made_tasks_task_idx").on(t.taskId)],
);

/** Pairing handshakes from another platform ({platformId, platformCode}). */
export const pairingCodes = sqliteTable(
  "pairing_codes",
  {
    id: id(),
    platformId: text("platform_id").notNull(),
    platformCodeHash: text("platform_code_hash").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The platform's side of the handshake: the Telegram chat that asked to be paired (issue 9). */
    externalId: text("external_id"),
    expiresAt: integer("expires_at", { mode: "number" }),
    pairedAt: integer("paired_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pairing_codes_unique").on(t.platformId, t.platformCodeHash), index("pairing_codes_user_idx").on(t.userId)],
);

/** Telegram update ids already handled (webhooks are retried; handle each update once). */
export const processedUpdates = sqliteTable("processed_updates", {
  /** "telegram:<update_id>", "email:<message-id>", "twilio:<sid>" */
  key: text("key").primaryKey(),
  receivedAt: integer("received_at", { mode: "number" }).notNull(),
});

export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the device list calls it ("Chrome on Android"), from the browser that subscribed. */
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    // The push step and the device list read a user's devices.
    index("push_subscriptions_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Bug reports from the feedback widget. */
export const feedback = sqliteTable(
  "feedback",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email"),
    message: text("message").notNull(),
    source: text("source").notNull().default("widget"),
    tags: text("tags"),
    screenshot: blob("screenshot"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_user_idx").on(t.userId)],
);

/** The dev outbox: every message a dev-outbox channel "sends" lands here. */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: id(),
    channel: text("channel").notNull(),
    to: text("to").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    /** Structured extras, e.g. Telegram inline buttons or TwiML, as JSON. */
    meta: text("meta"),
    createdAt: integer("created_at", { mode: "number" }).notNull(),
  },
  (t) => [index("outbox_messages_created_idx").on(t.createdAt)],
);

/** A row a cron tick leaves behind, so the log and tests can see ticks happen. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: id(),
    scheduledAt: integer("scheduled_at", { mode: "number" }).notNull(),
    claimed: integer("claimed").notNull().default(0),
    finishedAt: integer("finished_at", { mode: "number" }),
    /** What the tick itself cost in D1 (deps.meter), for the log and the escalation benchmark. */
    queries: integer("queries").notNull().default(0),
    rowsRead: integer("rows_read").notNull().default(0),
    rowsWritten: integer("rows_written").notNull().default(0),
    /** What the queue consumer spent on this tick's steps, added up batch by batch. */
    stepsHandled: integer("steps_handled").notNull().default(0),
    stepsSent: integer("steps_sent").notNull().default(0),
    consumerQueries: integer("consumer_queries").notNull().default(0),
    consumerRowsRead: integer("consumer_rows_read").notNull().default(0),
    consumerRowsWritten: integer("consumer_rows_written").notNull().default(0),
    /**
     * Where the escalation auditor stopped ("<startedAt>:<escalationId>", or "" once it went round):
     * the next tick goes on from there (services/escalation/audit.ts).
     */
    auditCursor: text("audit_cursor"),
  },
  // The next tick reads the newest run's audit cursor; the hourly prune deletes by scheduled_at too.
  (t) => [index("cron_runs_scheduled_idx").on(t.scheduledAt)],
);

export type User = typeof users.$inferSelect;
/**
 * A task as the app handles it. Without is_completed: SQLite derives it from the status for the list
 * index's sake, and a copy kept in memory would go stale the moment code changed the status.
 */
export type Task = Omit<typeof tasks.$inferSelect, "isCompleted" | "listDue">;
export type EscalationStep = typeof escalationSteps.$inferSelect;
export type Delivery = typeof deliveries.$inferSelect;
export type EmergencyContact = typeof emergencyContacts.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Bug reports (issue 14, spec 02 "Bug-report feedback widget")
// ---------------------------------------------------------------------------------------------

/**
 * One report sent by the widget through our tunnel (/v1/feedback/tunnel). The screenshot, when
 * one was attached, lives in R2 (BUG_SCREENSHOTS) under `screenshot_key`.
 */
export const bugReports = sqliteTable(
  "bug_reports",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    message: text("message").notNull(),
    source: text("source").notNull(),
    /** The SDK's tags and the page it was sent from, as JSON. */
    tags: text("tags").notNull().default("{}"),
    url: text("url").notNull().default(""),
    screenshotKey: text("screenshot_key"),
    /** The event id the SDK gave the report (also the id Sentry knows it by). */
    eventId: text("event_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bug_reports_created_idx").on(t.createdAt), index("bug_reports_user_idx").on(t.userId)],
);

export type BugReport = typeof bugReports.$inferSelect;
