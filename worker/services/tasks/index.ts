/** The tasks domain: CRUD and listing, the three answers (acknowledge, done, snooze), plain-language reminders, email action links. */
export { createTask, deleteTask, getTask, updateTask, EMAIL_NOT_VERIFIED, TASK_NOT_FOUND, type TaskSource } from "./service";
export { listTasks, openOfSeries, openTasksDue, ownTaskLine, BAD_CURSOR, type TaskLine, type TaskPage } from "./list";
export { acknowledgeTask, completeTask, snoozeTask, ALREADY_DONE_SNOOZE, type DoneResult } from "./actions";
export { reopenedMessage, reopenTask, stillOpenMessage, type ReopenResult } from "./reopen";
export { parseTimeOfDay, type TimeOfDay } from "./time-of-day";
export { createTaskFromPrompt, type NlResult } from "./nl";
export { describeActionLink, ONLY_THIS_LINKS_DONE, redeemActionLink, reopenByLink, type ActionLinkOutcome, type ActionLinkView, type MoveDefaults } from "./action-links";
export { toTaskJson, type TaskJson, type TaskStatus } from "./serialize";
export { listActiveReminders, mostUrgentReminder } from "./active-reminders";
export { reminderToAnswer, taskAYesAnswers } from "./reminder-to-answer";
export * from "./schemas";
export { OPEN_TASKS_MAX, LIVE_ESCALATIONS_MAX, TASK_LIMIT_MESSAGE, ESCALATION_LIMIT_MESSAGE } from "./quotas";
export { answerSentence, answerTask, type AnswerOutcome } from "./answer";
export { MOVE_DAY_MISSING, movedDueAt, moveTask, moveTaskToDay, moveTaskToInstant, pickedPastMessage, type MoveOutcome, type PickedDay } from "./move";
export { hasTextReminder } from "./text-reminders";
export { agendaText, AGENDA_TEXTS, nextReminderLines } from "./agenda";
export { OFFERED, openRemindersNamed, shortWhen } from "./named-reminders";
export { createMoveLink, describeMoveLink, MOVE_LINK_TEXTS, redeemMoveLink, type MoveLinkOutcome, type MoveLinkTask, type MoveLinkView } from "./move-links";
