import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Deps } from "../deps";
import { correctionWordsIn } from "../nl/move-phrases";
import { fitAnswer, questionText, type AskedQuestion } from "../nl/question-answers";
import { reminderSentSince } from "../tasks";
import type { ChatOwner } from "./chats";
import type { ChatReply } from "./forget";
import { storedQuestionOf } from "./stored-question";
import { BOT_TEXTS } from "./texts";

/**
 * How long the reader's question stays open in the chat (ADR 164): ten minutes, as a correction of a reminder just
 * made (ADR 104). Later, a lone "monday at 9" is read as it always was.
 */
export const QUESTION_MINUTES = 10;

/** The statement that keeps the question the chat was just asked (null: none open, after a reminder was made). */
export function rememberQuestionStatement(deps: Pick<Deps, "db" | "clock">, ownerId: string, asked: AskedQuestion | null) {
  const question = asked ? JSON.stringify(asked) : null;
  return deps.db
    .update(users)
    .set({ telegramQuestion: question, telegramQuestionAt: asked ? deps.clock.now().getTime() : null })
    .where(eq(users.id, ownerId));
}

/**
 * The question the chat's owner was asked and has not answered: asked in the last ten minutes, and nothing sent to the
 * chat since (a reminder that came after is what a next "in 10 minutes" answers). Null for none.
 */
export async function openQuestion(deps: Pick<Deps, "db" | "clock">, owner: ChatOwner): Promise<AskedQuestion | null> {
  if (!owner.question || owner.questionAt === null) return null;
  if (deps.clock.now().getTime() - owner.questionAt > QUESTION_MINUTES * 60_000) return null;
  const asked = storedQuestionOf(owner.question);
  if (!asked) return null;
  if (await reminderSentSince(deps, owner.id, "telegram", owner.questionAt)) return null;
  return asked;
}

/**
 * A message that answers the open question ("monday at 9" after "Which day next week?"): the whole reminder it
 * completes (`make` says it as if written at once), a new question when it still lacks something, or the question
 * again when the answer does not fit it. Null when nothing is asked or the message is not only a when: it is read as
 * usual then.
 */
export async function answerToQuestion(
  deps: Deps,
  owner: ChatOwner,
  text: string,
  make: (prompt: string, answered: AskedQuestion) => Promise<ChatReply>,
): Promise<ChatReply | null> {
  const asked = await openQuestion(deps, owner);
  if (!asked) return null;
  // "make it monday", "actually at 9": the when after the words of a correction.
  const answer = correctionWordsIn(text) ?? text;
  const fit = fitAnswer(asked, answer, deps.clock.now(), owner.timezone);
  if (fit.kind === "not_an_answer") return null;
  if (fit.kind === "fits") return make(fit.prompt, asked);
  if (fit.kind === "asks") {
    await rememberQuestionStatement(deps, owner.id, fit.asked);
    return { text: questionText(fit.asked, deps.clock.now(), owner.timezone) };
  }
  return { text: BOT_TEXTS.answerDoesNotFit(answer.trim(), asked.prompt, questionText(asked, deps.clock.now(), owner.timezone)) };
}
