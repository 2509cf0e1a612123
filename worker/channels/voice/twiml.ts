import { ANSWER_KEYPAD } from "../../services/answers";

/** Escapes text for an XML element or attribute. */
export function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** A TwiML document that only says something (the keypad's answers). */
export function sayTwiml(sentence: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Joanna">${xml(sentence)}</Say></Response>`;
}

/**
 * The reminder call (issue 10): the reminder spoken slowly, then the keypad menu, asked twice. No
 * answer, voicemail or a hang-up ends the call: the step counted as sent when Twilio took the call,
 * and the chain goes on.
 */
export function reminderCallTwiml(script: string, menu: string, answerUrl: string): string {
  const gather = `<Gather input="dtmf" numDigits="1" timeout="8" action="${xml(answerUrl)}" method="POST"><Say voice="Polly.Joanna">${xml(menu)}</Say></Gather>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Response>` +
    `<Say voice="Polly.Joanna">${xml(script)}</Say><Pause length="1"/>` +
    gather +
    gather +
    `<Say voice="Polly.Joanna">I didn't hear an answer. I'll remind you again later. Goodbye.</Say></Response>`
  );
}

export const KEYPAD_DIGITS = Object.keys(ANSWER_KEYPAD);
