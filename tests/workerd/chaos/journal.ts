/**
 * What the simulation saw happen, in order: every send a provider accepted, every answer that
 * took, every fault injected. The invariants (invariants.ts) are checked against it and against D1.
 * `seq` orders events across concurrent code (one JavaScript thread: an increment is atomic).
 */
export interface AcceptedSend {
  key: string;
  escalationId: string;
  medium: string;
  /** Taken just before the provider was called, and just after it answered. */
  startSeq: number;
  endSeq: number;
  at: number;
}

/**
 * "reopen" is "Not done yet" on a done task (ADR 083); "move" a new due time from a channel (ADR 091, 092);
 * "renudge" another sequence for it ("make it urgent", ADR 112), which goes on from the new sequence's second
 * step once due and keeps a snooze (ADR 113).
 */
export type AnswerKind = "acknowledge" | "done" | "snooze" | "delete" | "reopen" | "move" | "renudge";

export interface Answer {
  kind: AnswerKind;
  taskId: string;
  /** The series of a recurring task, else null. */
  seriesId: string | null;
  /** The task's escalations when the answer took (a delete removes them from D1). */
  escalationIds: string[];
  startSeq: number;
  endSeq: number;
  /** The simulated clock when it was given: a chain it (or anything after it) started was created then or later. */
  at: number;
  /**
   * "in_flight": given from inside a provider call, racing the consumer's next write; "after_send": right
   * after a provider accepted a message, before the consumer's final batch; "by_link": through a reminder
   * email's one-use link (/r/<token>/<answer>), as a person tapping it.
   */
  via: AnswerVia;
}

export type AnswerVia = "between_steps" | "in_flight" | "after_send" | "by_link";

/** A break a person took (ADR 095): from when it took (seq), until when it lasted (its end, or when ended early). */
export interface BreakTaken {
  userId: string;
  startSeq: number;
  until: number;
}

export class Journal {
  private seqNo = 0;
  sends: AcceptedSend[] = [];
  answers: Answer[] = [];
  breaks: BreakTaken[] = [];
  /** Keys whose provider accepted the message but answered with a timeout (a resend is allowed). */
  timedOutAfterAccept = new Map<string, number>();
  /** Provider calls per delivery key so far: the n-th call's fate is fixed by (seed, key, n). */
  providerCalls = new Map<string, number>();
  faults: Record<string, number> = {};
  /** The newest reminder email's one-use links per task ("<token>/<answer>"), in ANSWERS order (done, snooze, acknowledge). */
  links = new Map<string, string[]>();
  operations: Record<string, number> = {};
  /** Milliseconds of real time spent per part of the simulation. */
  timings: Record<string, number> = {};
  /** Error-level log lines by event (the engine's retries, dead steps, auditor repairs). */
  logEvents: Record<string, number> = {};

  seq(): number {
    return ++this.seqNo;
  }
  fault(kind: string) {
    this.faults[kind] = (this.faults[kind] ?? 0) + 1;
  }
  async timed<T>(part: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.timings[part] = (this.timings[part] ?? 0) + (performance.now() - started);
    }
  }
  op(kind: string) {
    this.operations[kind] = (this.operations[kind] ?? 0) + 1;
  }
}

/** The escalation id inside a delivery key (`${escalationId}:${step}@${round}:${medium}:${recipient}`). */
export function escalationOfKey(key: string): string {
  return key.slice(0, key.indexOf(":"));
}
