/** The tasks domain: CRUD and listing, the three answers (acknowledge, done, snooze), plain-language reminders, email action links. */
export { createTask, deleteTask, getTask, updateTask, EMAIL_NOT_VERIFIED, TASK_NOT_FOUND, type TaskSource } from "./service";
export { listTasks, openOfSeries, openTasksDue, ownTaskLine, BAD_CURSOR, type TaskLine, type TaskPage } from "./list";
export { acknowledgeTask, completeTask, snoozeTask, ALREADY_DONE_SNOOZE, type DoneResult } from "./actions";
export { reopenedMessage, reopenTask, stillOpenMessage, type ReopenResult } from "./reopen";
export { parseTimeOfDay, type TimeOfDay } from "./time-of-day";
export { createTaskFromPrompt, createTaskOrAsk, type NlResult } from "./nl";
export { changeTaskStrategy, STRATEGY_CHANGE_TEXTS, STRATEGY_FORM_NOTES, strategyChangeNote, type StrategyChangeOutcome } from "./strategy-change";
export { restartFor, type Restart } from "./restart";
export { rewriteTaskFromPrompt, REWRITE_TEXTS, type RewriteOutcome } from "./rewrite";
export { repeatTaskAsSaid, REPEAT_CHANGE_TEXTS, type RepeatChangeOutcome } from "./repeat-change";
export { copyTaskAt, COPY_TEXTS } from "./copy-at";
export { isJustNow, JUST_MADE_MINUTES, undoNewTask, undoNewTasks, UNDO_TEXTS, type UndoOutcome } from "./undo";
/** The most reminders one prompt makes (ADR 181): the box's Undo takes back no more. */
export { MOST_JOINED_TIMES } from "../nl/joined-times";
export { describeActionLink, ONLY_THIS_LINKS_DONE, redeemActionLink, reopenByLink, type ActionLinkOutcome, type ActionLinkView, type MoveDefaults } from "./action-links";
export { toTaskJson, type TaskJson, type TaskStatus } from "./serialize";
export { listActiveReminders, mostUrgentReminder } from "./active-reminders";
export { reminderSentSince, reminderToAnswer, taskAYesAnswers } from "./reminder-to-answer";
export * from "./schemas";
export { OPEN_TASKS_MAX, LIVE_ESCALATIONS_MAX, TASK_LIMIT_MESSAGE, ESCALATION_LIMIT_MESSAGE } from "./quotas";
export { answerSentence, answerTask, type AnswerOutcome } from "./answer";
export { MOVE_DAY_MISSING, movedDueAt, moveTask, moveTaskToDay, moveTaskToInstant, pickedPastMessage, type MoveOutcome, type PickedDay } from "./move";
export { hasTextReminder } from "./text-reminders";
export { agendaText, AGENDA_TEXTS, nextReminderLines } from "./agenda";
export { OFFERED, openRemindersNamed, shortWhen } from "./named-reminders";
export { createMoveLink, describeMoveLink, MOVE_LINK_TEXTS, redeemMoveLink, type MoveLinkOutcome, type MoveLinkTask, type MoveLinkView } from "./move-links";
export { createForgetLink, describeForgetLink, FORGET_LINK_TEXTS, redeemForgetLink, type ForgetKind, type ForgetLinkOutcome, type ForgetLinkTask, type ForgetLinkView } from "./forget-links";
export { forgetOfferFor, forgetOffersByName, moveOffersByName, type ForgetOffer, type MoveOffer } from "./offers-by-name";
