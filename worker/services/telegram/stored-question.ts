import { z } from "zod";
import { asksForAWhen, type AskedQuestion } from "../nl/question-answers";

/** The reader's question as the chat keeps it in D1 (users.telegram_question, telegram_made_tasks.question): JSON. */
const storedQuestion = z.object({
  prompt: z.string().min(1),
  reason: z.string(),
  phrase: z.string().optional(),
  otherPhrase: z.string().optional(),
});

/**
 * The question kept as `json`, or null: none, unreadable, or written by another version of the reader with a reason
 * it no longer asks about.
 */
export function storedQuestionOf(json: string | null): AskedQuestion | null {
  if (!json) return null;
  const stored = storedQuestion.safeParse(safeJson(json));
  if (!stored.success) return null;
  const asked = stored.data as AskedQuestion;
  return asksForAWhen(asked.reason, asked.otherPhrase) ? asked : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
