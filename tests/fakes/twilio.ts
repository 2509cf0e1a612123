/**
 * A fake of Twilio's REST API (Messages and Calls), as our channels use it:
 * - `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` and `.../Calls.json`, form-encoded, with HTTP
 *   basic auth `AccountSid:AuthToken` (401 code 20003 "Authenticate" otherwise);
 * - 201 with the resource (`sid` "SM..." / "CA...", `status` "queued");
 * - errors as Twilio shapes them, `{ code, message, more_info, status }`: 400 21211 (not a valid `To`),
 *   21602 (no Body), 21205 (a call without Twiml or Url), 21610 (the number texted STOP: `unsubscribed`);
 * - trouble on demand (`failNext`): 429 code 20429 or a 5xx for the next N requests.
 * It records every message (`messages`) and call (`calls`) it accepted.
 */
import type { Fake } from "./fake";

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
  origin?: string;
}

const error = (status: number, code: number, message: string) =>
  Response.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, { status });

export function createFakeTwilio(options: FakeTwilioOptions) {
  const messages: Array<{ sid: string; to: string; from: string; body: string }> = [];
  const calls: Array<{ sid: string; to: string; from: string; twiml: string }> = [];
  const unsubscribed = new Set<string>();
  const trouble: number[] = [];
  let seq = 0;
  const fake: Fake & {
    messages: typeof messages;
    calls: typeof calls;
    unsubscribed: Set<string>;
    failNext(status: number, times?: number): void;
  } = {
    name: "twilio",
    origin: options.origin ?? "https://api.twilio.fake",
    messages,
    calls,
    unsubscribed,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) trouble.push(status);
    },
    async handle(request) {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(new URL(request.url).pathname);
      if (!match) return error(404, 20404, "The requested resource was not found");
      if (request.headers.get("Authorization") !== `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}` || match[1] !== options.accountSid) {
        return error(401, 20003, "Authenticate");
      }
      if (!(request.headers.get("Content-Type") ?? "").includes("application/x-www-form-urlencoded")) return error(400, 20001, "Request must be form-encoded");
      const problem = trouble.shift();
      if (problem) return problem === 429 ? error(429, 20429, "Too Many Requests") : error(problem, 20500, "Internal Server Error");
      const form = new URLSearchParams(await request.text());
      const to = form.get("To") ?? "";
      const from = form.get("From") ?? "";
      if (!/^\+[1-9]\d{7,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const sid = `${match[2] === "Messages" ? "SM" : "CA"}${String(++seq).padStart(32, "0")}`;
      if (match[2] === "Messages") {
        const body = form.get("Body") ?? "";
        if (!body) return error(400, 21602, "Message body is required.");
        if (unsubscribed.has(to)) return error(400, 21610, "Attempt to send to unsubscribed recipient");
        messages.push({ sid, to, from, body });
        return Response.json({ sid, status: "queued", to, from, body }, { status: 201 });
      }
      const twiml = form.get("Twiml") ?? "";
      if (!twiml && !form.get("Url")) return error(400, 21205, "Url parameter is required.");
      calls.push({ sid, to, from, twiml });
      return Response.json({ sid, status: "queued", to, from }, { status: 201 });
    },
  };
  return fake;
}
