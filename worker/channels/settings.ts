import type { Env } from "../env";
import type { ConfigCheck } from "./face";

/** The names of the Worker's string settings (vars and secrets), for config checks. */
export type SettingName = { [K in keyof Env]-?: Env[K] extends string | undefined ? K : never }[keyof Env];

/**
 * The config check of a provider configured by a few settings: configured when all are set, else a
 * sentence naming the missing ones, e.g. "Text messages are not set up on this server
 * (TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are missing)."
 */
export function requireSettings(env: Env, names: readonly SettingName[], notSetUp: string, provider: string): ConfigCheck {
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length === 0) return { configured: true, provider };
  return { configured: false, reason: `${notSetUp} (${listWords(missing)} ${missing.length === 1 ? "is" : "are"} missing).` };
}

/** "A", "A and B", "A, B and C". */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
