/** How a typed answer is read (typed-answers.ts); the answers acting on reminders are in phone.test.ts and telegram-reminders.test.ts. */
import { describe, expect, it } from "vitest";
import { correctionWordsIn, moveWordsIn, namedMoveIn, shiftOf } from "../../worker/services/nl/move-phrases";
import { correctionAnswer, courtesyOnly, readTextReply, typedAnswer } from "../../worker/services/typed-answers";
import { whenOnlyAnswer } from "../../worker/services/when-only-answers";

describe("readTextReply", () => {
  it.each<[string, string, number | null]>([
    ["DONE", "DONE", null],
    [" done ", "DONE", null],
    ["Done.", "DONE", null],
    ["Done!! thanks", "DONE", null],
    ["Finished", "DONE", null],
    ["ok", "OK", null],
    ["Okay.", "OK", null],
    ["Stop.", "STOP", null],
    ["STOP!", "STOP", null],
    ["snooze", "SNOOZE", null],
    ["Snooze 10", "SNOOZE", 10],
    ["snooze 15min", "SNOOZE", 15],
    ["Snooze 20 minutes please", "SNOOZE", 20],
    ["snooze 2 hours", "SNOOZE", 120],
    ["Snooze for 10 minutes", "SNOOZE", 10],
    ["snooze 1h", "SNOOZE", 60],
    ["snooze 0", "SNOOZE", 1],
    // At most a day, as the API's snooze.
    ["snooze 48 hours", "SNOOZE", 1440],
    // Days and amounts in words: "snooze 1 day" was one minute, "snooze an hour" the default 30.
    ["snooze 1 day", "SNOOZE", 1440],
    ["snooze a day", "SNOOZE", 1440],
    ["Snooze an hour", "SNOOZE", 60],
    ["snooze half an hour", "SNOOZE", 30],
    ["snooze for half an hour", "SNOOZE", 30],
    ["snooze ten minutes", "SNOOZE", 10],
    ["snooze forty five minutes", "SNOOZE", 45],
    ["snooze two hours", "SNOOZE", 120],
    ["snooze a bit", "SNOOZE", null],
    ["snooze later", "SNOOZE", null],
    ["DONE 10", "DONE", null],
    ["what?", "WHAT", null],
    // Courtesies and emoji carry no answer: the answer is the first word that does.
    ["Thanks, done 👍", "DONE", null],
    ["👍 done", "DONE", null],
    ["thank you! snooze 10 min please", "SNOOZE", 10],
    ["Hi, stop", "STOP", null],
    ["thank you", "", null],
    ["", "", null],
  ])("%j → %s, %s", (body, word, snoozeMinutes) => {
    expect(readTextReply(body)).toEqual({ word, snoozeMinutes, snoozeUntil: null, moveTo: null });
  });

  it.each(["snooze until tomorrow morning", "Snooze till morning.", "snooze tomorrow", "snooze until tomorrow", "snooze to the morning", "Thanks, snooze until tomorrow morning 🙏"])(
    "%j is a snooze until the next morning",
    (body) => {
      expect(readTextReply(body)).toEqual({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: "morning", moveTo: null });
    },
  );

  // A time of day (ADR 086), read as a reminder's time is: AM or PM known, or left to the task service
  // (halfKnown false: the nearer half of the day on the person's clock).
  it.each<[string, { hour: number; minute: number; halfKnown: boolean }]>([
    ["snooze until 7pm", { hour: 19, minute: 0, halfKnown: true }],
    ["Snooze till 7:30 PM.", { hour: 19, minute: 30, halfKnown: true }],
    ["snooze until 7", { hour: 7, minute: 0, halfKnown: false }],
    ["snooze till 7:30", { hour: 7, minute: 30, halfKnown: false }],
    // With its colon "7:30" is a clock, not 730 minutes.
    ["snooze 7:30", { hour: 7, minute: 30, halfKnown: false }],
    ["snooze 19:00", { hour: 19, minute: 0, halfKnown: true }],
    ["snooze until 07:00", { hour: 7, minute: 0, halfKnown: true }],
    ["snooze to 5.30pm", { hour: 17, minute: 30, halfKnown: true }],
    ["snooze until noon", { hour: 12, minute: 0, halfKnown: true }],
    ["snooze until midnight", { hour: 0, minute: 0, halfKnown: true }],
    ["snooze until half past 5", { hour: 5, minute: 30, halfKnown: false }],
    // An hour in words (clock-words.ts).
    ["snooze until seven", { hour: 7, minute: 0, halfKnown: false }],
    ["snooze till ten to six", { hour: 5, minute: 50, halfKnown: false }],
    ["snooze until nine thirty pm", { hour: 21, minute: 30, halfKnown: true }],
    ["snooze until tonight", { hour: 21, minute: 0, halfKnown: true }],
    ["snooze till this evening 👍", { hour: 19, minute: 0, halfKnown: true }],
    ["snooze until the afternoon", { hour: 15, minute: 0, halfKnown: true }],
    ["snooze until 8 tonight", { hour: 20, minute: 0, halfKnown: true }],
    ["snooze until lunchtime", { hour: 12, minute: 0, halfKnown: true }],
    ["Thanks! Snooze until about 6pm please", { hour: 18, minute: 0, halfKnown: true }],
  ])("%j is a snooze until %j", (body, clock) => {
    expect(readTextReply(body)).toEqual({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: clock, moveTo: null });
  });

  // Another day is a new due date, not a snooze: read as a move (ADR 091), placed on the person's clock by tasks/move.ts.
  it.each([
    ["snooze until friday", "friday"],
    ["Snooze till tomorrow at 7.", "tomorrow at 7"],
    ["snooze until 7pm on monday", "7pm on monday"],
    ["snooze to next tuesday", "next tuesday"],
    ["snooze until March 5", "March 5"],
  ])("%j is a move to %j", (body, when) => {
    expect(readTextReply(body)).toEqual({ word: "MOVE", snoozeMinutes: null, snoozeUntil: null, moveTo: when });
  });

  // Words that are no time stay the usual snooze.
  it.each(["snooze until I get home", "snooze until 25:00", "snooze until 7 and 8", "snooze until friday when I'm back"])("%j names no time of day (the usual snooze)", (body) => {
    expect(readTextReply(body)).toEqual({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: null, moveTo: null });
  });

  it("a bare number after snooze stays minutes, and 'done at 7' is no snooze", () => {
    expect(readTextReply("snooze 7")).toEqual({ word: "SNOOZE", snoozeMinutes: 7, snoozeUntil: null, moveTo: null });
    expect(readTextReply("done at 7pm")).toEqual({ word: "DONE", snoozeMinutes: null, snoozeUntil: null, moveTo: null });
  });
});

describe("typedAnswer (a chat message that is only an answer)", () => {
  it.each<[string, ReturnType<typeof typedAnswer>]>([
    ["done", { answer: "done", snoozeMinutes: null }],
    ["Done.", { answer: "done", snoozeMinutes: null }],
    ["OK", { answer: "acknowledge", snoozeMinutes: null }],
    ["okay!", { answer: "acknowledge", snoozeMinutes: null }],
    ["snooze", { answer: "snooze", snoozeMinutes: null }],
    ["Snooze 10", { answer: "snooze", snoozeMinutes: 10 }],
    ["snooze 2 hours", { answer: "snooze", snoozeMinutes: 120 }],
    ["snooze for 15 min", { answer: "snooze", snoozeMinutes: 15 }],
    ["snooze for half an hour", { answer: "snooze", snoozeMinutes: 30 }],
    ["Snooze an hour please", { answer: "snooze", snoozeMinutes: 60 }],
    // Polite and as phones send it: still only the answer.
    ["done ✅", { answer: "done", snoozeMinutes: null }],
    ["Done, thanks!", { answer: "done", snoozeMinutes: null }],
    ["ok thank you", { answer: "acknowledge", snoozeMinutes: null }],
    ["👍 Done", { answer: "done", snoozeMinutes: null }],
    ["snooze 10 min please", { answer: "snooze", snoozeMinutes: 10 }],
    ["thanks", null],
    // Longer messages are reminders to make, not answers.
    ["done with the report by friday at 5pm", null],
    ["ok call mom tomorrow at 5pm", null],
    ["snooze the alarm tomorrow at 7", null],
    ["call mom", null],
    ["STOP", null],
    // Until the next morning (9:00 AM on the person's clock); another time is not read as one.
    ["snooze until tomorrow morning", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    ["Snooze till morning please", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    // Another day: a move of the reminder, never a new reminder titled "Snooze".
    ["snooze until tomorrow at 7", { answer: "move", snoozeMinutes: null, moveTo: "tomorrow at 7" }],
    ["snooze until friday please", { answer: "move", snoozeMinutes: null, moveTo: "friday please" }],
    // A move said in the words people use (ADR 091); only the move, else it is a reminder to make.
    ["move it to friday", { answer: "move", snoozeMinutes: null, moveTo: "friday" }],
    ["Reschedule for tomorrow at 3pm, thanks", { answer: "move", snoozeMinutes: null, moveTo: "tomorrow at 3pm, thanks" }],
    ["move the car to the garage on friday", null],
    // Until a time of day: only a time after "snooze", so an answer and not a reminder to make.
    ["snooze until 7pm", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 19, minute: 0, halfKnown: true } }],
    ["Snooze till half past 7 tonight please", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 19, minute: 30, halfKnown: true } }],
    ["snooze the alarm until 7pm", null],
    // Whole answers said as people say them (ADR 106).
    ["I did it!", { answer: "done", snoozeMinutes: null }],
    ["took them 👍", { answer: "done", snoozeMinutes: null }],
    ["All done, thanks", { answer: "done", snoozeMinutes: null }],
    ["I'm done", { answer: "done", snoozeMinutes: null }],
    ["later", { answer: "snooze", snoozeMinutes: null }],
    ["Not now", { answer: "snooze", snoozeMinutes: null }],
    ["not yet", { answer: "snooze", snoozeMinutes: null }],
    ["in a bit", { answer: "snooze", snoozeMinutes: null }],
    ["got it", { answer: "acknowledge", snoozeMinutes: null }],
    ["I'm on it", { answer: "acknowledge", snoozeMinutes: null }],
    ["will do!", { answer: "acknowledge", snoozeMinutes: null }],
    ["ok done", { answer: "done", snoozeMinutes: null }],
    ["yes I did", { answer: "done", snoozeMinutes: null }],
    ["can't right now", { answer: "snooze", snoozeMinutes: null }],
    ["Already did it!", { answer: "done", snoozeMinutes: null }],
    ["sorted 👍", { answer: "done", snoozeMinutes: null }],
    ["I took my pills", { answer: "done", snoozeMinutes: null }],
    // A dose taken, said as people say it (ADR 138; in a chat "I've taken my pills" got "I couldn't find a time").
    ["I've taken my pills", { answer: "done", snoozeMinutes: null }],
    ["just had my tablets 👍", { answer: "done", snoozeMinutes: null }],
    ["meds taken", { answer: "done", snoozeMinutes: null }],
    ["I have taken my insulin!", { answer: "done", snoozeMinutes: null }],
    ["taken them, thanks", { answer: "done", snoozeMinutes: null }],
    ["driving", { answer: "snooze", snoozeMinutes: null }],
    ["I'm in a meeting", { answer: "snooze", snoozeMinutes: null }],
    ["k", { answer: "acknowledge", snoozeMinutes: null }],
    ["Doing it now", { answer: "acknowledge", snoozeMinutes: null }],
    ["omw", { answer: "acknowledge", snoozeMinutes: null }],
    // Nothing but an emoji that answers, as chats are answered.
    ["✅", { answer: "done", snoozeMinutes: null }],
    ["✔️", { answer: "done", snoozeMinutes: null }],
    ["👍🏽", { answer: "acknowledge", snoozeMinutes: null }],
    ["👍 👍", { answer: "acknowledge", snoozeMinutes: null }],
    ["💤", { answer: "snooze", snoozeMinutes: null }],
    ["🎉", null],
    ["✅ call mom at 5pm", null],
    // ...and only whole: the same words inside a longer message are a reminder to make.
    ["did it rain today at 5pm", null],
    ["later today call bob", null],
    ["took the bins out at 8pm", null],
    ["got it done by friday at 5", null],
    ["sorted the drawer at 5pm", null],
    ["driving lesson tomorrow at 9", null],
    ["took my pills at 8 tomorrow", null],
  ])("%j → %j", (body, expected) => {
    expect(typedAnswer(body)).toEqual(expected === null ? null : { snoozeUntil: null, ...expected });
  });
});

/** What counts as a move (nl/move-phrases.ts): the words of when handed to the task service, or null. */
describe("moveWordsIn", () => {
  it.each<[string, string]>([
    ["move it to friday", "friday"],
    ["MOVE FRI", "friday"],
    ["Move to tomorrow at 3pm.", "tomorrow at 3pm"],
    ["reschedule for monday morning", "monday morning"],
    ["postpone until next week", "next week"],
    ["push it back to thursday evening", "thursday evening"],
    ["put it off until tomorrow", "tomorrow"],
    ["move it to 10", "at 10"],
    ["please move this to March 5", "March 5"],
    ["can you move it to the 5th", "on the 5th"],
    ["move to tmrw", "tomorrow"],
    ["delay to sat 9am", "saturday 9am"],
    ["move it to friday same time", "friday same time"],
    ["shift it to 3:30", "at 3:30"],
    // An hour in words, as "to 10" is read (clock-words.ts).
    ["move it to seven", "at 7"],
    ["move it to seven thirty", "at 7:30"],
    ["push it to tues", "tuesday"],
  ])("%j → %j", (body, when) => {
    expect(moveWordsIn(body)).toBe(when);
  });

  // Not a move: nothing said about when, more than the move (a reminder to make), two days, or a snooze for today.
  it.each(["move", "move it", "move the car to the garage on friday", "move it to friday and saturday", "snooze until 7pm", "move it by an hour", "moved to friday", "done"])(
    "%j is no move",
    (body) => {
      expect(moveWordsIn(body)).toBeNull();
    },
  );
});

/** A move that names its reminder (ADR 093): the name and the words of when, or null. */
describe("namedMoveIn", () => {
  it.each<[string, { named: string; when: string }]>([
    ["move the dentist to friday", { named: "dentist", when: "friday" }],
    ["move the dentist to friday at 3pm", { named: "dentist", when: "friday at 3pm" }],
    ["move the trip to paris to friday", { named: "trip to paris", when: "friday" }],
    ["reschedule call mom for tomorrow at 3pm", { named: "call mom", when: "tomorrow at 3pm" }],
    ["postpone the gym until monday", { named: "gym", when: "monday" }],
    ["move dentist tomorrow", { named: "dentist", when: "tomorrow" }],
    ["move my reminder to call mom to friday", { named: "call mom", when: "friday" }],
    ["push back the report to next week", { named: "report", when: "next week" }],
    ["Please move the pills to 9pm", { named: "pills", when: "at 9pm" }],
  ])("%j → %j", (body, expected) => {
    expect(namedMoveIn(body)).toEqual(expected);
  });

  it.each(["move it to friday", "move this one to monday", "move the car to the garage", "move the dentist", "call the dentist on friday"])("%j names no reminder to move", (body) => {
    expect(namedMoveIn(body)).toBeNull();
  });
});

/** Only a day or a time, in reply to a reminder (ADR 094): what it would mean after "snooze". */
describe("whenOnlyAnswer", () => {
  it.each<[string, ReturnType<typeof whenOnlyAnswer>]>([
    ["in 2 hours", { answer: "snooze", snoozeMinutes: 120, snoozeUntil: null }],
    ["in 20 min", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["in an hour please", { answer: "snooze", snoozeMinutes: 60, snoozeUntil: null }],
    ["7pm", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 19, minute: 0, halfKnown: true } }],
    ["tonight", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 21, minute: 0, halfKnown: true } }],
    ["half past 6", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 30, halfKnown: false } }],
    ["Tomorrow.", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    ["friday at 3pm", { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "friday at 3pm" }],
    ["tomorrow at 7", { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "tomorrow at 7" }],
    ["in 3 days", { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "in 3 days" }],
    ["next week", { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "next week" }],
    // A length with its unit, as chats and texts write it (ADR 106), and "remind me" before a time.
    ["20 min", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["1h", { answer: "snooze", snoozeMinutes: 60, snoozeUntil: null }],
    ["10 more minutes", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["give me 10 minutes", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["another 5 mins please", { answer: "snooze", snoozeMinutes: 5, snoozeUntil: null }],
    ["remind me in an hour", { answer: "snooze", snoozeMinutes: 60, snoozeUntil: null }],
    ["remind me again tomorrow at 7", { answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "tomorrow at 7" }],
    ["2 days", null],
    ["remind me to call mom in an hour", null],
    // A bare number is minutes or an hour: nobody can tell. Words that are not only a time are no answer.
    ["10", null],
    // In words as in digits: a length is a snooze, a lone number is no answer.
    ["give me twenty minutes", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["twenty mins", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["another fifteen mins please", { answer: "snooze", snoozeMinutes: 15, snoozeUntil: null }],
    ["at seven", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 7, minute: 0, halfKnown: false } }],
    ["seven", null],
    ["twenty", null],
    ["call mom", null],
    ["call mom at 5", null],
  ])("%j → %j", (body, expected) => {
    expect(whenOnlyAnswer(body)).toEqual(expected);
  });
});

describe("answers to a reminder said as more time, a reason or a wait (ADR 139)", () => {
  it.each([
    // A count asked for as more time is minutes, as after "snooze" (each was no answer).
    ["give me 10", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["gimme 5", { answer: "snooze", snoozeMinutes: 5, snoozeUntil: null }],
    ["another 15", { answer: "snooze", snoozeMinutes: 15, snoozeUntil: null }],
    ["10 more", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    // More than two hours of minutes is no count anyone asks for; a number alone is still not read.
    ["give me 500", null],
    // "in 20" after "in", from 5 to 120, is minutes (ADR 191: it asked 'Is "in 20" minutes or hours?' and then made a
    // new reminder of the answer); under 5 it may be hours, and is still asked.
    ["in 20", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["remind me in 15", { answer: "snooze", snoozeMinutes: 15, snoozeUntil: null }],
    ["ping me again in 30", { answer: "snooze", snoozeMinutes: 30, snoozeUntil: null }],
    ["nudge me in 45 please", { answer: "snooze", snoozeMinutes: 45, snoozeUntil: null }],
    ["again in 10", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["in 2", null],
    ["in 4", null],
    ["in 200", null],
    // A reason or a request before the when, "instead" after it (each was no answer).
    ["busy, 30 mins", { answer: "snooze", snoozeMinutes: 30, snoozeUntil: null }],
    ["driving - in an hour", { answer: "snooze", snoozeMinutes: 60, snoozeUntil: null }],
    ["sorry, busy, in 20 mins", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["ask me again in 10 minutes", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["try again at 6", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 0, halfKnown: false } }],
    ["remind me at 6 instead", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 0, halfKnown: false } }],
    ["right now is not a good time, remind me at 5", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 5, minute: 0, halfKnown: false } }],
    ["it's not a good time - try again at 6", { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 0, halfKnown: false } }],
    // A reason with what to do is no answer.
    ["busy, call mom at 5", null],
  ])("whenOnlyAnswer(%j) → %j", (body, expected) => {
    expect(whenOnlyAnswer(body)).toEqual(expected);
  });

  it.each([
    // "wait 20" was a correction to 8 PM ("at 20"); now the snooze "snooze 20" is.
    ["wait 20", { answer: "snooze", snoozeMinutes: 20, snoozeUntil: null }],
    ["wait 10 mins", { answer: "snooze", snoozeMinutes: 10, snoozeUntil: null }],
    ["wait", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    // Each got "I couldn't find a time in that" in the chat.
    ["just did", { answer: "done", snoozeMinutes: null, snoozeUntil: null }],
    ["not done yet", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    ["hang on", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    ["one sec", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    ["at work", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    ["not a good time", { answer: "snooze", snoozeMinutes: null, snoozeUntil: null }],
    // A correction with a time of day stays one.
    ["wait, 8pm", null],
  ])("typedAnswer(%j) → %j", (body, expected) => {
    expect(typedAnswer(body)).toEqual(expected);
  });

  it.each([
    // A move by an amount: so much later than it was (tasks/move.ts counts from its own time). Each was no move.
    ["push it back an hour", "an hour later"],
    ["delay it by an hour", "an hour later"],
    ["push it back 30 mins", "30 mins later"],
    ["bump it to tomorrow", "tomorrow"],
    // As before.
    ["push it back to friday", "friday"],
    ["move the car an hour later", null],
  ])("moveWordsIn(%j) → %j", (body, expected) => {
    expect(moveWordsIn(body)).toBe(expected);
  });

  it("reads a wait as no correction, and a sorry with a time as one", () => {
    expect(correctionAnswer("wait 20")).toBeNull();
    expect(correctionAnswer("wait an hour")).toBeNull();
    expect(correctionAnswer("wait, 8pm")).toEqual({ answer: "move", snoozeMinutes: null, moveTo: "at 8pm" });
  });
});

describe("one amount reader for the snooze, the wait and the move's shift (ADR 140)", () => {
  it.each([
    ["snooze 2 hours", 120],
    ["snooze for 15min", 15],
    ["snooze half an hour", 30],
    ["snooze forty five", 45],
    ["snooze 1 day", 1440],
    ["snooze ten minutes", 10],
    // "a" and "an" need their unit: "snooze a bit" names no time.
    ["snooze a bit", null],
  ])("readTextReply(%j) snoozes for %j minutes", (body, minutes) => {
    expect(readTextReply(body).snoozeMinutes).toBe(minutes);
  });

  it.each([
    // Each was no shift (the amount in words or with a short unit was not read), moved from now or not at all.
    ["make it ten minutes later", 10],
    ["push it back 2h", 120],
    ["push it back ten minutes", 10],
    // As before.
    ["make it an hour earlier", -60],
    ["push it back by 90 minutes", 90],
    ["delay it by a day", 1440],
    ["move it forty five minutes later", 45],
  ])("%j moves the reminder by %j minutes from its own time", (body, minutes) => {
    const when = moveWordsIn(body) ?? correctionWordsIn(body) ?? "";
    expect(shiftOf(when)).toBe(minutes * 60_000);
  });

  it.each(["in 2 hours", "friday", "tomorrow at 3pm", "an hour", "10 later"])("%j is no shift", (when) => {
    expect(shiftOf(when)).toBeNull();
  });

  it("reads every reason and request before the when, not only two", () => {
    const sixOClock = { answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 0, halfKnown: false } };
    expect(whenOnlyAnswer("sorry, busy, driving, try again at 6")).toEqual(sixOClock);
    expect(whenOnlyAnswer("it's not a good time - try again at 6")).toEqual(sixOClock);
  });

  it("reads a wait in words as a snooze, and 'wait a' as nothing", () => {
    expect(typedAnswer("wait ten minutes")).toEqual({ answer: "snooze", snoozeMinutes: 10, snoozeUntil: null });
    expect(correctionAnswer("wait ten minutes")).toBeNull();
    expect(correctionAnswer("wait half an hour")).toBeNull();
    expect(typedAnswer("wait a")).toBeNull();
  });
});

describe("ADR 150: replies with an amount said roughly, or in words alone", () => {
  it.each([
    ["snooze 20ish mins", 20],
    ["snooze an hour-ish", 60],
    ["snooze for like 10 mins", 10],
  ])("the chat's answer %j snoozes %i minutes", (body, minutes) => {
    // Each was no answer (in a chat, a new reminder was tried).
    expect(typedAnswer(body)).toEqual({ answer: "snooze", snoozeMinutes: minutes, snoozeUntil: null });
  });

  it.each([
    ["20ish mins", 20],
    ["an hour or so", 60],
    ["in an hour or so", 60],
    ["about 20 mins", 20],
    ["half an hour", 30],
    ["give me half an hour", 30],
    ["ten minutes", 10],
    ["try in an hour", 60],
    ["can't right now, try in an hour", 60],
  ])("a reply of only %j snoozes %i minutes", (body, minutes) => {
    expect(whenOnlyAnswer(body)).toEqual({ answer: "snooze", snoozeMinutes: minutes, snoozeUntil: null });
  });

  it("still reads no time in a number alone or a bit, and an hour said roughly as a time", () => {
    expect(whenOnlyAnswer("10")).toBeNull();
    // "a bit" names no length: the usual snooze (ADR 171; it was no answer), never a length of one.
    expect(typedAnswer("snooze a bit")).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: null });
    // A count said roughly alone is an hour of the day, as before.
    expect(whenOnlyAnswer("7ish")).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 7, minute: 0, halfKnown: false } });
  });
});

describe("ADR 158: replies of what keeps someone from it, 'not today', and 'ok will do'", () => {
  it.each(["in the shower", "I'm on the phone", "on a call", "im cooking", "still at work", "not home yet", "brb"])("%j is a snooze for the usual time", (body) => {
    // Each was no answer: in a chat a new reminder was tried, by text the help came back.
    expect(typedAnswer(body)).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: null });
    expect(readTextReply(body)).toMatchObject({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: null });
  });

  it.each(["not today", "Can't today, sorry", "maybe tomorrow", "I'll do it tomorrow", "not today thanks"])("%j snoozes until the next morning, as 'tomorrow' does", (body) => {
    expect(typedAnswer(body)).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" });
    expect(readTextReply(body)).toMatchObject({ word: "SNOOZE", snoozeUntil: "morning" });
  });

  it.each(["ok will do", "Okay, will do!", "ok got it", "sure", "I'll do it now"])("%j is OK", (body) => {
    expect(typedAnswer(body)).toEqual({ answer: "acknowledge", snoozeMinutes: null, snoozeUntil: null });
  });

  it("still reads no answer in 'skip today', an apology alone or a longer message", () => {
    expect(typedAnswer("skip today")).toBeNull();
    expect(typedAnswer("sorry")).toBeNull();
    expect(courtesyOnly("sorry")).toBeNull();
    expect(typedAnswer("in the shower call mum at 5")).toBeNull();
    expect(typedAnswer("sorry, done")).toEqual({ answer: "done", snoozeMinutes: null, snoozeUntil: null });
  });
});

describe("ADR 170: a length with a decimal or an 'h' and minutes, and a time with a dot, in a snooze", () => {
  it.each<[string, number]>([
    // Each lost its mark with the answer's words: 15 hours, 15 minutes, half past one at night.
    ["snooze 1.5 hours", 90],
    ["Snooze 2.5 hrs", 150],
    ["snooze 1h30", 90],
    ["snooze 1 hr 30", 90],
    ["snooze 2 hours 15 minutes", 135],
    ["snooze 1h 45m", 105],
  ])("%s is %i minutes, by text and in a chat", (typed, minutes) => {
    expect(readTextReply(typed)).toMatchObject({ word: "SNOOZE", snoozeMinutes: minutes, snoozeUntil: null });
    expect(typedAnswer(typed)).toMatchObject({ answer: "snooze", snoozeMinutes: minutes });
  });

  it("'snooze 6.30' is until 6:30, as 'snooze 6:30' is (it was 630 minutes)", () => {
    expect(typedAnswer("snooze 6.30")).toEqual(typedAnswer("snooze 6:30"));
    expect(readTextReply("snooze 6.30")).toMatchObject({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: { hour: 6, minute: 30 } });
  });

  it.each<[string, number]>([
    // "in 1.5 hours" was a snooze of one minute (the amount reader stopped at the dot), "1.5 hours" no answer.
    ["in 1.5 hours", 90],
    ["remind me in 1.5 hours", 90],
    ["1.5 hours", 90],
    ["in an hour and a half", 90],
    ["in 1h30", 90],
  ])("%s, said while a reminder waits, is a snooze of %i minutes", (typed, minutes) => {
    expect(whenOnlyAnswer(typed)).toEqual({ answer: "snooze", snoozeMinutes: minutes, snoozeUntil: null });
  });

  it("'an hour and a half' and 'N and a half hours' after snooze (they were no answer)", () => {
    expect(typedAnswer("snooze an hour and a half")).toMatchObject({ answer: "snooze", snoozeMinutes: 90 });
    expect(typedAnswer("snooze 1 and a half hours")).toMatchObject({ answer: "snooze", snoozeMinutes: 90 });
    expect(typedAnswer("snooze 2 hours and a half")).toMatchObject({ answer: "snooze", snoozeMinutes: 150 });
  });

  it("'snooze for 1:30' is 90 minutes, a range the first of its two, and weeks a move (130, 1380 and 1 minute before)", () => {
    expect(typedAnswer("snooze for 1:30")).toMatchObject({ answer: "snooze", snoozeMinutes: 90 });
    expect(typedAnswer("snooze 1:30")).toMatchObject({ answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 1, minute: 30 } });
    expect(typedAnswer("snooze 2-3 hours")).toMatchObject({ answer: "snooze", snoozeMinutes: 120 });
    expect(readTextReply("snooze 10 or 15 mins")).toMatchObject({ word: "SNOOZE", snoozeMinutes: 10 });
    expect(typedAnswer("snooze 1 week")).toEqual({ answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "in 1 week" });
    expect(typedAnswer("snooze for 2 weeks")).toEqual({ answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "in 2 weeks" });
    expect(readTextReply("snooze a week")).toMatchObject({ word: "MOVE", moveTo: "in a week" });
    // A day is the longest snooze (the API's); more days are a move (ADR 171).
    expect(typedAnswer("snooze a day")).toMatchObject({ answer: "snooze", snoozeMinutes: 1440 });
  });

  it("leaves what it read before as it was", () => {
    expect(whenOnlyAnswer("6.30")).toEqual(whenOnlyAnswer("6:30"));
    expect(whenOnlyAnswer("in 2 hours")).toEqual({ answer: "snooze", snoozeMinutes: 120, snoozeUntil: null });
    expect(typedAnswer("snooze 2 hours")).toMatchObject({ answer: "snooze", snoozeMinutes: 120 });
    expect(typedAnswer("snooze 90")).toMatchObject({ answer: "snooze", snoozeMinutes: 90 });
    expect(typedAnswer("snooze until 7:30")).toMatchObject({ answer: "snooze", snoozeUntil: { hour: 7, minute: 30 } });
  });
});

describe("answers said the way people say them (ADR 171)", () => {
  it.each<[string, number | null]>([
    // Our own messages say "Snooze it for 30 minutes"; "snooze it" was no answer in a chat.
    ["snooze it", null],
    ["Snooze it for 30 minutes", 30],
    ["snooze this for 10", 10],
    ["snooze that one", null],
    ["snooze again", null],
    ["snooze it 2 hours", 120],
    // A snooze for no length said is the usual one, as "in a bit" was.
    ["snooze a bit", null],
    ["snooze for a little while", null],
    ["give me a sec", null],
    ["in a while", null],
    ["just a moment", null],
    // "a couple" and "a few" count as the reminder reader counts them ("in a few minutes" is three).
    ["snooze a few mins", 3],
    ["snooze couple hours", 120],
    ["snooze for a couple of hours", 120],
  ])("%s is a snooze (%s minutes), by text and in a chat", (typed, minutes) => {
    expect(typedAnswer(typed)).toEqual({ answer: "snooze", snoozeMinutes: minutes, snoozeUntil: null });
    expect(readTextReply(typed)).toMatchObject({ word: "SNOOZE", snoozeMinutes: minutes, snoozeUntil: null, moveTo: null });
  });

  it("'snooze it until 7pm', 'snooze till lunch', 'wait till 7pm' are until that time (no answer, or the usual 30 minutes by text)", () => {
    expect(typedAnswer("snooze this one until 7pm")).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour: 19, minute: 0, halfKnown: true } });
    expect(readTextReply("snooze it until 7pm")).toMatchObject({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: { hour: 19, minute: 0 } });
    expect(typedAnswer("snooze till lunch")).toMatchObject({ answer: "snooze", snoozeUntil: { hour: 12, minute: 0, halfKnown: true } });
    expect(typedAnswer("snooze until dinner")).toMatchObject({ answer: "snooze", snoozeUntil: { hour: 18, minute: 0 } });
    expect(typedAnswer("wait till 7pm")).toMatchObject({ answer: "snooze", snoozeUntil: { hour: 19, minute: 0 } });
    expect(typedAnswer("wait till lunch")).toMatchObject({ answer: "snooze", snoozeUntil: { hour: 12, minute: 0 } });
    // "wait, 8pm" stays a correction of a reminder just made, not a snooze (ADR 104).
    expect(typedAnswer("wait, 8pm")).toBeNull();
    expect(correctionWordsIn("wait, 8pm")).toBe("at 8pm");
  });

  it("a meal with a day, or after 'move it to', is a move to that meal's time", () => {
    expect(moveWordsIn("snooze until lunch tomorrow")).toBe("at lunch tomorrow");
    expect(moveWordsIn("move it to dinner on friday")).toBe("at dinner on friday");
    expect(typedAnswer("move it to lunch")).toEqual({ answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "at lunch" });
  });

  it("more than a day is a move, as a week is ('snooze 2 days' was a snooze of one day)", () => {
    expect(typedAnswer("snooze 2 days")).toEqual({ answer: "move", snoozeMinutes: null, snoozeUntil: null, moveTo: "in 2 days" });
    expect(typedAnswer("snooze for a couple of days")).toMatchObject({ answer: "move", moveTo: "in a couple of days" });
    expect(readTextReply("SNOOZE 3 DAYS")).toMatchObject({ word: "MOVE", moveTo: "in 3 days" });
    expect(typedAnswer("wait a few days")).toMatchObject({ answer: "move", moveTo: "in a few days" });
    expect(typedAnswer("snooze 1 day")).toMatchObject({ answer: "snooze", snoozeMinutes: 1440 });
  });

  it("'push it back a couple of hours' shifts it two hours", () => {
    expect(moveWordsIn("push it back a couple of hours")).toBe("a couple of hours later");
    expect(shiftOf("a couple of hours later")).toBe(2 * 60 * 60_000);
  });

  it.each(["I've done it", "ive done it", "already done it", "just done it", "done now", "it's done now", "it's all done", "I have finished it", "done that already", "mark it done", "mark as done", "Mark it as done please", "I've just finished"])(
    "%j is done, by text and in a chat (our messages say 'Mark it done')",
    (typed) => {
      expect(typedAnswer(typed)).toEqual({ answer: "done", snoozeMinutes: null, snoozeUntil: null });
      expect(readTextReply(typed)).toMatchObject({ word: "DONE", moveTo: null });
    },
  );

  it.each<[string, "snooze" | "acknowledge"]>([
    // Close, or next: asked again after the usual snooze.
    ["almost", "snooze"],
    ["nearly done", "snooze"],
    ["soon", "snooze"],
    ["after this", "snooze"],
    // Under way: the reminders stop, and the check-back asks later.
    ["working on it", "acknowledge"],
    ["I'm working on it!", "acknowledge"],
    ["in progress", "acknowledge"],
    ["about to", "acknowledge"],
    ["starting now", "acknowledge"],
    ["leaving now", "acknowledge"],
  ])("%j is %s (it was no answer)", (typed, answer) => {
    expect(typedAnswer(typed)).toEqual({ answer, snoozeMinutes: null, snoozeUntil: null });
  });

  it("leaves alone what is not an answer", () => {
    expect(typedAnswer("working on the report")).toBeNull();
    expect(typedAnswer("done with the report")).toBeNull();
    expect(typedAnswer("I've done the shopping list")).toBeNull();
    expect(typedAnswer("snooze itself")).toBeNull();
    expect(typedAnswer("done this week")).toBeNull();
    expect(typedAnswer("snooze a couple")).toBeNull();
    expect(typedAnswer("wait until I get home")).toBeNull();
    expect(readTextReply("snooze a few")).toMatchObject({ word: "SNOOZE", snoozeMinutes: null });
  });
});

describe("a part of the day, 'later today' and 'I can't' as answers (ADR 182)", () => {
  const until = (hour: number): ReturnType<typeof whenOnlyAnswer> => ({ answer: "snooze", snoozeMinutes: null, snoozeUntil: { hour, minute: 0, halfKnown: true } });
  // Each was no answer: in a chat a new reminder was tried ("I found the time, but not what to remind you about").
  it.each<[string, ReturnType<typeof whenOnlyAnswer>]>([
    ["in the morning", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    ["remind me in the morning", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    ["do it in the morning", { answer: "snooze", snoozeMinutes: null, snoozeUntil: "morning" }],
    ["in the afternoon", until(15)],
    ["in the evening", until(19)],
    ["I'll do it this evening", until(19)],
    ["at night", until(21)],
    ["later tonight", until(21)],
    ["i'll do it tonight", until(21)],
  ])("whenOnlyAnswer(%j) → %j", (body, expected) => {
    expect(whenOnlyAnswer(body)).toEqual(expected);
  });

  it.each(["later today", "Later today please", "i'll do it later", "later on", "i can't", "busy rn", "busy right now", "not rn"])("%j is the usual snooze, by text and in a chat", (typed) => {
    expect(typedAnswer(typed)).toEqual({ answer: "snooze", snoozeMinutes: null, snoozeUntil: null });
    expect(readTextReply(typed)).toMatchObject({ word: "SNOOZE", snoozeMinutes: null, snoozeUntil: null, moveTo: null });
  });

  it("leaves what is no answer, and a correction reads the part of the day too", () => {
    expect(whenOnlyAnswer("in the")).toBeNull();
    expect(whenOnlyAnswer("do it")).toBeNull();
    expect(typedAnswer("i can't find my keys")).toBeNull();
    expect(whenOnlyAnswer("in the morning call the bank")).toBeNull();
    expect(correctionWordsIn("make it in the evening")).toBe("the evening");
  });
});
