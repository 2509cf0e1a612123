/** The phone: the number, its verification code, and (with the Twilio channels) answers by text and keypad (issue 10). */
export { isPhonePresent, normalizePhone, setPhone, PHONE_EMAIL_FIRST, PHONE_INVALID, PHONE_TAKEN } from "./numbers";
export { sendPhoneCode, verifyPhoneCode, phoneCodeText, NO_PHONE, PHONE_CODE_EXPIRED, PHONE_CODE_TOO_LONG, PHONE_LOCKED, SMS_UNAVAILABLE } from "./codes";
export { answerKeypad, replyToText, SMS_TEXTS, SMS_STOP_WORDS, SMS_START_WORDS } from "./replies";
export { devPhoneLog, isDevNumber, recordDevPhone, type DevPhoneItem } from "./dev-phone";
export { DEV_TAPBACKS } from "./tapbacks";
