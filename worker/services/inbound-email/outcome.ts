/** What a mail to the assistant did, for its one reply (handle.ts) and the dev inbound page. */
export type InboundOutcome =
  | { kind: "created"; taskId: string; title: string; reply: string }
  | { kind: "answered"; reply: string }
  /** A reply that only answered a reminder ("done"): which one (null when none was waiting), and what was said; with links to act on, if any. */
  | { kind: "replied"; title: string | null; subject: string; reply: string; actions?: Array<{ label: string; url: string }> }
  | { kind: "rejected"; reason: string }
  /** Only thanks or a greeting ("Thanks!"): nothing to do, and no reply (an answer to thanks is only more mail). */
  | { kind: "thanked" };

/** What reading a mail from a known sender can come to (a refusal happens before it is read). */
export type ReadOutcome = Exclude<InboundOutcome, { kind: "rejected" }>;
