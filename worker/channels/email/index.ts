import type { MediumFace } from "../face";
import { checkEmailConfig } from "./config";
import { emailDevSide } from "./dev";
import { resendFromEnv } from "./resend";

/** Email: Resend's HTTP API in production; required (accounts are verified and reset by email). */
export const email: MediumFace = {
  medium: "email",
  name: "email",
  required: true,
  checkConfig: checkEmailConfig,
  provider: resendFromEnv,
  dev: emailDevSide,
};

export { resendEmailChannel, ResendError, type ResendOptions } from "./resend";
