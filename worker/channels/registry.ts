import { email } from "./email";
import type { MediumFace } from "./face";
import { push } from "./push";
import { sms } from "./sms";
import type { Medium } from "./types";
import { telegram } from "./telegram";
import { voice } from "./voice";

/**
 * Every medium and its folder's face, one line each. Adding a medium: a folder with an index.ts
 * (docs/architecture.md, "How to add a channel"), its name in MEDIA (./types.ts), and its line here.
 * `satisfies` makes a medium without a line a type error.
 */
export const REGISTRY = {
  email,
  sms,
  voice,
  telegram,
  push,
} as const satisfies Record<Medium, MediumFace>;
