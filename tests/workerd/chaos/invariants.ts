/**
 * The engine's promises, checked once the clock has run past every chain (issue 7):
 * 1. every step of a task that stayed open was sent (each of its round's deliveries accepted) or is
 *    dead with a reason, and nothing is stuck: no live chain, no step that could still fire;
 * 2. nothing of a chain is sent after an acknowledge, done or delete took, beyond the one in flight
 *    ("Not done yet" after a done starts a new chain, which is not the one the done ended);
 * 3. no delivery key is sent twice unless its provider timed out after accepting it;
 * 4. a recurring series has exactly one next occurrence (none if an occurrence was deleted first);
 * and the tick's auditor never had to repair a chain (each repair is a race the engine lost).
 * Each violation is a sentence naming the rows, so the seed that found it can be replayed.
 */
import type { Journal } from "./journal";
import { SUPERSEDED } from "../../../worker/services/escalation/run-plan";

export interface InvariantReport {
  invariantsChecked: number;
  violations: string[];
  /** Steps of open tasks neither sent nor dead: reminders lost. */
  lost: number;
  /** Keys the provider got twice, allowed because it timed out after accepting the first. */
  resentAfterTimeout: number;
  /** Chains the tick's auditor had to repair (each a race the engine lost, saved by the net). */
  auditRepairs: number;
  acceptedSends: number;
}

interface StepRow {
  id: string;
  escalation_id: string;
  task_id: string;
  step_index: number;
  state: string;
  due_at: number;
  /** The step's delivery round: `round_at` while a provider retry moved `due_at` on (ADR 042), else `due_at`. */
  round: number;
  last_error: string | null;
  task_status: string;
  escalation_state: string;
  started_at: number;
  /** The rest's end this step was held for (a break here, ADR 095), and whose task it is: a step firing at it is the catch-up. */
  held_until: number | null;
  user_id: string;
}

export async function checkInvariants(raw: D1Database, journal: Journal, at: { now: number; futureAfter: number }): Promise<InvariantReport> {
  const violations: string[] = [];
  let checked = 0;
  const check = (ok: boolean, sentence: () => string) => {
    checked += 1;
    if (!ok) violations.push(sentence());
  };

  const acceptedByKey = new Map<string, number>();
  for (const send of journal.sends) acceptedByKey.set(send.key, (acceptedByKey.get(send.key) ?? 0) + 1);

  // 1. Open tasks' steps: sent once per round or dead with a reason; nothing live or stuck.
  const steps = (
    await raw
      .prepare(
        `SELECT s.id, s.escalation_id, s.task_id, s.step_index, s.state, COALESCE(s.round_at, s.due_at) AS round, s.due_at, s.last_error, t.status AS task_status,
                e.state AS escalation_state, e.started_at, s.held_until, t.user_id
         FROM escalation_steps s JOIN escalations e ON e.id = s.escalation_id JOIN tasks t ON t.id = s.task_id
         WHERE e.started_at < ? ORDER BY s.escalation_id, s.step_index`,
      )
      .bind(at.futureAfter)
      .all<StepRow>()
  ).results;
  const deliveries = (await raw.prepare("SELECT idempotency_key AS key, status, error FROM deliveries").all<{ key: string; status: string; error: string | null }>()).results;
  // A held step that fired at its rest's end is the catch-up: its deliveries are the person's one catch-up for
  // that end (sent by whichever held step fired first), not its own round's (ADR 064).
  const roundOf = (s: StepRow) => (s.held_until !== null && s.round === s.held_until ? `quiet:${s.user_id}@${s.held_until}:` : `${s.escalation_id}:${s.step_index}@${s.round}:`);
  const acknowledged = new Set(journal.answers.filter((a) => a.kind === "acknowledge").map((a) => a.taskId));
  const reopenedTasks = new Set(journal.answers.filter((a) => a.kind === "reopen").map((a) => a.taskId));
  // Moved to another time, or given another sequence: both cancel the chain and start a new one.
  const movedTasks = new Set(journal.answers.filter((a) => a.kind === "move" || a.kind === "renudge").map((a) => a.taskId));
  let lost = 0;
  for (const s of steps) {
    const where = `step ${s.id} (escalation ${s.escalation_id}, index ${s.step_index}, task ${s.task_id} ${s.task_status}, chain ${s.escalation_state})`;
    check(!["pending", "claimed", "sending"].includes(s.state), () => `stuck: ${where} is still ${s.state} when nothing is left to run`);
    check(s.state !== "waiting", () => `stuck: ${where} is still waiting after its chain ended (it should be sent, dead or cancelled)`);
    check(!["running", "paused"].includes(s.escalation_state), () => `stuck: ${where} belongs to a chain still ${s.escalation_state} at the end`);
    if (s.task_status !== "PENDING" && s.task_status !== "SNOOZED") continue;
    const round = deliveries.filter((d) => d.key.startsWith(roundOf(s)));
    if (s.state === "sent") {
      // A delivery the provider refused for good carries its reason (ADR 042); one an earlier try planned
      // but a later try did not (the plan changed, e.g. the daily cap was reached) is closed as superseded;
      // every other one was sent, and at least one was.
      const refused = (d: (typeof round)[number]) => (d.status === "refused" && Boolean(d.error)) || (d.status === "dead" && d.error === SUPERSEDED);
      check(round.some((d) => d.status === "sent" || d.status === "refused") && round.every((d) => d.status === "sent" || refused(d)), () => `${where} is sent but its round's deliveries are ${JSON.stringify(round.map((d) => d.status))}`);
      check(round.every((d) => refused(d) || (acceptedByKey.get(d.key) ?? 0) >= 1), () => `${where} is sent but a provider never accepted one of its deliveries`);
    } else if (s.state === "dead") {
      check(Boolean(s.last_error), () => `${where} is dead without a reason`);
      check(round.every((d) => d.status === "sent" || (d.status === "dead" && Boolean(d.error))), () => `${where} is dead but its deliveries are ${JSON.stringify(round)}`);
    } else if (s.state === "cancelled" && acknowledged.has(s.task_id)) {
      // Acknowledged, then snoozed: the chain's unsent steps were cancelled and one more ping added.
    } else if (s.state === "cancelled" && reopenedTasks.has(s.task_id) && s.escalation_state === "completed") {
      // Done, then "Not done yet": the done's chain stays ended; a new one carries the reminders.
    } else if (s.state === "cancelled" && movedTasks.has(s.task_id) && s.escalation_state === "cancelled") {
      // Moved to another time or sequence: the old chain was cancelled; a new one carries the reminders (1b checks it ran).
    } else {
      lost += 1;
      check(false, () => `lost: ${where} of an open task ended ${s.state} (waiting for ever, or cancelled with the task open)`);
    }
  }

  // 1b. A task opened again with "Not done yet" (ADR 083), moved to another time (ADR 091) or sequence (ADR 113), and still open at
  // the end got a chain, after the last of those, that ran its course: the cancelled chain alone would leave it silent for ever.
  // Any kind of chain: an Acknowledge of the new chain starts a check-back, and a snooze after it moves the check-back
  // (ADR 058, check-back.test.ts), which then runs out while the task is open again: the likeliest path of seed 16155's
  // one "silent" (session 33; it did not replay) when only a reminder chain counted.
  const lastRestart = new Map<string, number>();
  for (const a of journal.answers) if (a.kind === "reopen" || a.kind === "move" || a.kind === "renudge") lastRestart.set(a.taskId, Math.max(a.at, lastRestart.get(a.taskId) ?? a.at));
  for (const [taskId, since] of lastRestart) {
    const row = await raw
      .prepare("SELECT t.status, (SELECT COUNT(*) FROM escalations e WHERE e.task_id = t.id AND e.state = 'exhausted' AND e.created_at >= ?) AS ran FROM tasks t WHERE t.id = ?")
      .bind(since, taskId)
      .first<{ status: string; ran: number }>();
    if (!row || (row.status !== "PENDING" && row.status !== "SNOOZED")) continue;
    // Not replayable (real concurrency decides the interleaving), so the sentence carries the whole story.
    const story = row.ran > 0 ? "" : await taskStory(raw, journal, taskId);
    check(row.ran > 0, () => `silent: task ${taskId} was opened again or moved and is ${row.status}, but no chain started since ran its course\n      ${story}`);
  }

  // 2. Nothing sent after an acknowledge, done or delete beyond the one in flight (until a later snooze reopens the chain).
  // The check-back after an Acknowledge (ADR 058) is meant to send: an Acknowledge given before its chain sent
  // anything (a repeat of the first one) leaves it running; one given after a check-in went out must stop it.
  const checkBacks = new Set((await raw.prepare("SELECT id FROM escalations WHERE kind = 'check_back'").all<{ id: string }>()).results.map((r) => r.id));
  const checkBackStillDue = (answer: (typeof journal.answers)[number], escalationId: string) =>
    answer.kind === "acknowledge" && checkBacks.has(escalationId) && !journal.sends.some((p) => p.escalationId === escalationId && p.startSeq < answer.startSeq);
  for (const answer of journal.answers) {
    if (answer.kind === "snooze" || answer.kind === "reopen") continue;
    const reopened = journal.answers.find((a) => a.kind === "snooze" && a.taskId === answer.taskId && a.startSeq > answer.endSeq)?.startSeq ?? Infinity;
    const after = journal.sends.filter(
      (s) => answer.escalationIds.includes(s.escalationId) && s.startSeq > answer.endSeq && s.startSeq < reopened && !checkBackStillDue(answer, s.escalationId),
    );
    check(after.length <= 1, () => `sent after ${answer.kind} (${answer.via}) of task ${answer.taskId}: ${after.length} messages (${after.map((s) => s.key).join(", ")})`);
  }

  // 3. No key sent twice, unless the provider timed out after accepting it.
  let resentAfterTimeout = 0;
  for (const [key, count] of acceptedByKey) {
    const timeouts = journal.timedOutAfterAccept.get(key) ?? 0;
    check(count <= 1 + timeouts, () => `key ${key} was accepted ${count} times with ${timeouts} timeouts after accepting`);
    if (count > 1) resentAfterTimeout += count - 1;
  }

  // 4. A recurring series: occurrences at distinct times and exactly one next one (none if an occurrence was deleted first).
  const series = (
    await raw
      .prepare("SELECT COALESCE(series_id, id) AS series, COUNT(*) AS occurrences, COUNT(DISTINCT due_at) AS times, SUM(due_at >= ?) AS upcoming FROM tasks WHERE recurrence IS NOT NULL GROUP BY 1")
      .bind(at.futureAfter)
      .all<{ series: string; occurrences: number; times: number; upcoming: number }>()
  ).results;
  const deletedSeries = new Set(journal.answers.filter((a) => a.kind === "delete" && a.seriesId).map((a) => a.seriesId));
  for (const s of series) {
    check(s.occurrences === s.times, () => `series ${s.series} has ${s.occurrences} occurrences at ${s.times} times (a duplicate)`);
    const allowed = deletedSeries.has(s.series) ? [0, 1] : [1];
    check(allowed.includes(s.upcoming), () => `series ${s.series} has ${s.upcoming} next occurrences`);
  }

  // 6. Nothing reaches a person during a break they took (ADR 095): no send planned after the break took and
  // before it ended (the sim takes breaks between minutes, so no plan is in flight across one).
  if (journal.breaks.length > 0) {
    const owners = new Map(
      (await raw.prepare("SELECT e.id AS escalation, t.user_id AS owner FROM escalations e JOIN tasks t ON t.id = e.task_id").all<{ escalation: string; owner: string }>()).results.map((r) => [r.escalation, r.owner]),
    );
    for (const taken of journal.breaks) {
      const during = journal.sends.filter((send) => owners.get(send.escalationId) === taken.userId && send.startSeq > taken.startSeq && send.at < taken.until);
      check(during.length === 0, () => `sent during a break of ${taken.userId}: ${during.map((send) => send.key).join(", ")}`);
    }
  }

  // The auditor is the net, not the mechanism: a chain it had to repair was stuck for a while (until
  // the next tick's sweep), so a repair is a race the engine lost and fails the run too.
  const auditRepairs = journal.logEvents["escalation.audit_repaired"] ?? 0;
  check(auditRepairs === 0, () => `stuck until the auditor came: ${auditRepairs} chains repaired (escalation.audit_repaired)`);

  return {
    invariantsChecked: checked,
    violations,
    lost,
    resentAfterTimeout,
    auditRepairs,
    acceptedSends: journal.sends.length,
  };
}

/** A task's answers (journal order) and its chains with their steps, for a violation that cannot be replayed. */
async function taskStory(raw: D1Database, journal: Journal, taskId: string): Promise<string> {
  const answers = journal.answers
    .filter((a) => a.taskId === taskId)
    .map((a) => `${a.kind}/${a.via} at ${a.at} seq ${a.startSeq}-${a.endSeq} chains [${a.escalationIds.map((id) => id.slice(0, 8)).join(",")}]`);
  const task = await raw.prepare("SELECT status, due_at, strategy_key, snoozed_until, escalation_halted_at, acknowledged_at, completed_at, updated_at FROM tasks WHERE id = ?").bind(taskId).first();
  const chains = (
    await raw
      .prepare(
        `SELECT e.id, e.kind, e.state, e.started_at, e.ended_at, e.created_at,
                (SELECT group_concat(s.step_index || ':' || s.state || '@' || s.due_at, ' ') FROM escalation_steps s WHERE s.escalation_id = e.id) AS steps
         FROM escalations e WHERE e.task_id = ? ORDER BY e.created_at, e.rowid`,
      )
      .bind(taskId)
      .all<{ id: string; kind: string; state: string; started_at: number; ended_at: number | null; created_at: number; steps: string | null }>()
  ).results;
  const ids = new Set(chains.map((e) => e.id));
  const sends = journal.sends.filter((s) => ids.has(s.escalationId)).map((s) => `${s.escalationId.slice(0, 8)} ${s.key.split(":").slice(1).join(":")} seq ${s.startSeq}`);
  return [`task ${JSON.stringify(task)}`, `answers: ${answers.join("; ") || "none"}`, `chains: ${chains.map((e) => `${e.id.slice(0, 8)} ${e.kind} ${e.state} created ${e.created_at} started ${e.started_at} ended ${e.ended_at ?? "-"} steps [${e.steps ?? ""}]`).join("; ") || "none"}`, `sends: ${sends.join("; ") || "none"}`].join("\n      ");
}
