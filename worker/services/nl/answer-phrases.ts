/**
 * The words of an answer to a reminder, as people write them (ADR 106, 158, 171, 182): whole phrases read as the
 * keyword they mean ("took my pills" is DONE, "busy rn" SNOOZE, "on it" OK), "not today" as the next morning, and the
 * emoji that answer. The vocabulary only; typed-answers.ts reads a reply with it.
 */

/**
 * "took my pills", "I've taken my meds", "just had my tablets", "pills taken": a dose taken is done (in a chat "I've
 * taken my pills" got "I couldn't find a time in that"). Apostrophes are gone from the answer words ("IVE").
 */
const WHO_TOOK = ["", "I ", "IVE ", "I HAVE ", "JUST ", "I JUST ", "IVE JUST ", "ALREADY ", "I ALREADY ", "IVE ALREADY "];
const MEDICINE = ["PILLS", "MEDS", "MEDICATION", "MEDICINE", "TABLETS", "INSULIN", "DOSE", "VITAMINS", "INHALER"];
const TOOK_MY_MEDICINE = [
  ...WHO_TOOK.flatMap((who) => ["TOOK", "TAKEN", "HAD", "USED"].flatMap((verb) => MEDICINE.map((thing) => `${who}${verb} MY ${thing}`))),
  ...MEDICINE.flatMap((thing) => [`${thing} TAKEN`, `${thing} DONE`, `MY ${thing} ARE TAKEN`, `${thing} TAKEN ALREADY`]),
];

/**
 * "I've done it", "just done it", "done now", "it's done now", "mark it done" (ADR 171): done said as a sentence. Our own
 * messages say "Mark it done when you're finished"; said back, each was no answer, and in a chat a reminder was tried.
 */
const WHO_DID = ["", "I ", "IVE ", "I HAVE ", "JUST ", "ALREADY ", "IVE JUST ", "IVE ALREADY ", "I JUST ", "I ALREADY ", "I HAVE JUST ", "I HAVE ALREADY "];
const WHEN_DONE = ["", " NOW", " ALREADY", " JUST NOW", " TODAY", " FOR TODAY"];
const SAID_DONE = [
  ...WHO_DID.flatMap((who) => ["DONE", "FINISHED", "COMPLETED"].flatMap((verb) => ["", " IT", " THAT", " THIS", " THEM"].flatMap((what) => WHEN_DONE.map((when) => `${who}${verb}${what}${when}`)))),
  ...["ITS", "IT IS", "THATS", "THAT IS", "ALL", "ITS ALL", "ITS ALREADY", "IT IS ALREADY"].flatMap((what) => ["DONE", "FINISHED", "COMPLETE", "COMPLETED"].flatMap((state) => WHEN_DONE.map((when) => `${what} ${state}${when}`))),
  ...["MARK", "MARK IT", "MARK THIS", "MARK THAT"].flatMap((mark) => ["DONE", "AS DONE", "COMPLETE", "AS COMPLETE", "COMPLETED", "AS COMPLETED", "FINISHED", "AS FINISHED"].map((state) => `${mark} ${state}`)),
].filter((phrase) => phrase !== "DONE" && phrase !== "FINISHED" && phrase !== "COMPLETED");

/**
 * Whole answers said the way people answer a reminder (ADR 106), read as the keyword: "I did it", "took them",
 * "all done", "sorted", "already did it" are DONE; "later", "not now", "in a bit", "driving" SNOOZE (for the usual
 * time); "got it", "on it", "will do", "k", "doing it now" OK. Only the whole message (courtesies and emoji aside): "did it rain" is not one. Before, "I did it" got the
 * help by text and "I couldn't find a time in that" in the chat.
 */
export const ANSWER_PHRASES: Record<string, string> = Object.fromEntries([
  ...[
    "DID IT", "I DID IT", "I DID", "YES I DID", "DONE IT", "ALL DONE", "IM DONE", "I AM DONE", "ITS DONE", "IT IS DONE", "OK DONE", "DONE ALREADY",
    "ALREADY DONE", "FINISHED IT", "GOT IT DONE", "TOOK IT", "TOOK THEM", "I TOOK IT", "I TOOK THEM", "TAKEN",
    "ALREADY DID IT", "I ALREADY DID IT", "I ALREADY DID", "TAKEN THEM", "TAKEN IT", "SORTED", "ALL SORTED", "ITS SORTED", "HANDLED",
    "DONE AND DUSTED", "JUST DID", "JUST DID IT", "I JUST DID", "I JUST DID IT",
  ].map((phrase) => [phrase, "DONE"]),
  ...TOOK_MY_MEDICINE.map((phrase) => [phrase, "DONE"]),
  ...SAID_DONE.map((phrase) => [phrase, "DONE"]),
  ...[
    "LATER", "NOT NOW", "NOT RIGHT NOW", "CANT NOW", "CANT RIGHT NOW", "NOT YET", "IN A BIT", "IN A MINUTE", "GIVE ME A MINUTE", "BUSY", "IM BUSY",
    "REMIND ME LATER", "REMIND ME AGAIN LATER", "DRIVING", "IM DRIVING", "IN A MEETING", "IM IN A MEETING",
    "NOT DONE YET", "NOT YET DONE", "ONE SEC", "ONE SECOND", "ONE MINUTE", "HANG ON", "HOLD ON", "AT WORK", "IM AT WORK",
    "NOT A GOOD TIME", "BAD TIME", "ITS NOT A GOOD TIME", "NOW IS NOT A GOOD TIME", "RIGHT NOW IS NOT A GOOD TIME",
    // What keeps someone from it for a while (ADR 158): each was no answer, and in a chat a reminder was tried.
    ...["IN THE SHOWER", "ON THE PHONE", "ON A CALL", "IN THE CAR", "COOKING", "EATING", "NOT HOME", "NOT HOME YET", "STILL AT WORK", "WITH A CLIENT"].flatMap((doing) => [doing, `IM ${doing}`]),
    "BRB",
    // A snooze for no length said ("snooze a bit", "give me a sec"): the usual snooze, as "in a bit" is. Each was no
    // answer, and in a chat a new reminder was tried.
    ...["SNOOZE", "GIVE ME", "WAIT"].flatMap((lead) => ["A BIT", "A LITTLE", "A LITTLE BIT", "A WHILE", "A LITTLE WHILE", "A SEC", "A SECOND", "A MOMENT"].flatMap((length) => [`${lead} ${length}`, `${lead} FOR ${length}`])),
    "IN A WHILE", "IN A LITTLE WHILE", "IN A LITTLE BIT", "IN A SEC", "IN A MOMENT", "JUST A SEC", "JUST A MOMENT", "JUST A MINUTE",
    // Not done, but close or next (ADR 171): asked again after the usual snooze.
    // ADR 182: each was no answer, and in a chat a new reminder was tried.
    "LATER TODAY", "LATER ON", "ILL DO IT LATER", "I WILL DO IT LATER", "DO IT LATER", "REMIND ME LATER TODAY", "I CANT", "CANT", "I CANT RIGHT NOW", "BUSY RN", "BUSY RIGHT NOW", "IM BUSY RIGHT NOW", "NOT RN",
    "SOON", "AFTER THIS", "ONCE I FINISH THIS", "WHEN I FINISH THIS", "AFTER I FINISH THIS", "ALMOST", "NEARLY", "ALMOST DONE", "NEARLY DONE", "NEARLY THERE", "ALMOST THERE", "NOT QUITE", "HALFWAY", "HALFWAY THERE",
  ].map((phrase) => [phrase, "SNOOZE"]),
  ...[
    "GOT IT", "ON IT", "IM ON IT", "WILL DO", "NOTED", "SEEN", "K", "KK", "ACK", "DOING IT", "DOING IT NOW", "IM DOING IT", "ON MY WAY", "OMW",
    // ADR 158: "ok will do" was no answer; "ok" and "will do" each were one.
    "OK WILL DO", "OKAY WILL DO", "OK ON IT", "OKAY ON IT", "OK GOT IT", "OKAY GOT IT", "SURE", "SURE THING", "SURE WILL DO", "ILL DO IT", "ILL DO IT NOW",
    // Under way (ADR 171): the reminders stop, and the check-back asks later.
    "WORKING ON IT", "IM WORKING ON IT", "IN PROGRESS", "STARTING NOW", "STARTING IT NOW", "STARTED", "IVE STARTED", "GETTING TO IT", "GETTING ON IT", "ABOUT TO", "ABOUT TO DO IT", "IM ABOUT TO", "LEAVING NOW", "IM LEAVING NOW", "ON IT NOW", "GOING NOW", "HEADING OUT", "DOING IT RIGHT NOW",
  ].map((phrase) => [phrase, "OK"]),
]);

/**
 * "not today", "can't today", "maybe tomorrow": the next morning, as "tomorrow" is (ADR 158). Each was no answer, and in
 * a chat a new reminder was tried. Not "skip today": the chat asks about skipping this one (chat-intents.ts).
 */
export const NOT_TODAY = new Set(["NOT TODAY", "CANT TODAY", "CANT DO TODAY", "CANT DO IT TODAY", "NOT DOING IT TODAY", "MAYBE TOMORROW", "TOMORROW INSTEAD", "DO IT TOMORROW", "ILL DO IT TOMORROW"]);

/**
 * A message of nothing but an emoji that answers (ADR 106), as chats are answered: ✅ ✔️ ☑️ Done, 👍 👌 🆗 OK,
 * 💤 😴 ⏰ Snooze. Skin tones, variation selectors and repeats ("👍👍") are the same answer.
 */
const EMOJI_ANSWERS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:[✅✔☑]\uFE0F?)+$/u, "DONE"],
  [/^(?:(?:👍|👌)(?:[\u{1F3FB}-\u{1F3FF}])?\uFE0F?|🆗)+$/u, "OK"],
  [/^(?:[💤😴⏰]\uFE0F?)+$/u, "SNOOZE"],
];

export function emojiAnswer(body: string): string | null {
  const bare = body.replace(/\s+/g, "");
  return EMOJI_ANSWERS.find(([pattern]) => pattern.test(bare))?.[1] ?? null;
}
