import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { isDevOutboxOn } from "../../worker/env";
import { addressFromQuery } from "../../worker/http";
import { DEV_TAPBACKS, devPhoneLog, isDevNumber, type DevPhoneItem } from "../../worker/services/phone";
import { ANSWER_KEYPAD, type Answer } from "../../worker/services/answers";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";
import { LinkedText } from "~/components/ui/LinkedText";
import { getOptionalUser } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Dev phone · Nudge" }, { name: "robots", content: "noindex" }];

const DEFAULT_NUMBER = "+972501234567";
const KEY_LABELS: Record<Answer, string> = { done: "done", snooze: "snooze 30 minutes", acknowledge: "stop the reminders" };

/** Be a phone locally: the texts and calls a number got (from the dev outbox), a reply box and a keypad. */
export async function loader(args: LoaderFunctionArgs) {
  const { context, request } = args;
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const asked = addressFromQuery(new URL(request.url).searchParams.get("number"));
  // A number that is not one is said so, not silently swapped for the default phone.
  const refused = asked && !isDevNumber(asked) ? asked : null;
  // No number asked for: the signed-in account's own, where its texts and calls go, else the example number.
  // The session's headers go out with the page: reading it may have renewed its cookies.
  const session = asked ? null : await getOptionalUser(args);
  const own = session?.user?.phone;
  const number = isDevNumber(asked) ? asked : own && isDevNumber(own) ? own : DEFAULT_NUMBER;
  return data({ number, refused, items: await devPhoneLog(context.deps, number) }, session ? { headers: session.headers } : undefined);
}


/** An iPhone's tapbacks on a text, which reach the sender as texts of their own (ADR 120), sent as the reply they are. */
function Tapbacks({ text, number }: { text: string; number: string }) {
  return (
    <details className="dev-chat__edit dev-chat__reactions">
      <summary>Tapback (iPhone)</summary>
      <div className="dev-chat__buttons">
        {DEV_TAPBACKS.map(({ label, text: tapback }) => (
          <form key={label} method="post" action="/dev/phone/reply">
            <input type="hidden" name="number" value={number} />
            <input type="hidden" name="body" value={tapback(text)} />
            <Button type="submit" variant="secondary">
              {label}
            </Button>
          </form>
        ))}
      </div>
    </details>
  );
}

function Item({ item, number }: { item: DevPhoneItem; number: string }) {
  if (item.kind === "you") return <li className="dev-chat__bubble dev-chat__bubble--you">{item.text}</li>;
  if (item.kind === "answer")
    return (
      <li className="dev-chat__bubble dev-chat__bubble--bot">
        <LinkedText text={item.text} />
      </li>
    );
  // The tapbacks sit under the text's bubble, so the bubble holds the text alone.
  if (item.kind === "text")
    return (
      <li className="dev-chat__item">
        <div className="dev-chat__bubble dev-chat__bubble--bot">
          <LinkedText text={item.text} />
        </div>
        <Tapbacks text={item.text} number={number} />
      </li>
    );
  return (
    <li className="dev-chat__bubble dev-chat__bubble--bot dev-phone__call">
      <p className="dev-chat__edited">Incoming call</p>
      <p className="dev-chat__text">{item.text}</p>
      {item.taskId ? (
        <div className="dev-chat__buttons" role="group" aria-label="Keypad">
          {Object.entries(ANSWER_KEYPAD).map(([digit, answer]) => (
            <form key={digit} method="post" action="/dev/phone/keypad">
              <input type="hidden" name="number" value={number} />
              <input type="hidden" name="task" value={item.taskId ?? ""} />
              <input type="hidden" name="digit" value={digit} />
              <Button type="submit" variant="secondary" aria-label={`Press ${digit}: ${KEY_LABELS[answer]}`}>
                {digit}
              </Button>
            </form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * /dev/phone (DEV_OUTBOX on only): plays a phone. Replies and key presses are posted, signed like
 * Twilio signs them, to the real /twilio/sms and /twilio/voice webhooks; their answers show here.
 */
export default function DevPhone() {
  const { number, refused, items } = useLoaderData<typeof loader>();
  useLiveRevalidation();
  return (
    <div className="container page dev-chat">
      <header className="page-header">
        <h1 className="page__title">Dev phone</h1>
        <p className="muted page-header__lead">
          Be the phone <strong>{number}</strong> without a phone: texts and calls to it show here. Reply DONE, SNOOZE or OK to a text (or give it an
          iPhone&apos;s tapback), or press a key on a call.
        </p>
      </header>
      {refused ? (
        <Alert tone="error">
          “{refused}” is not a phone number (a + and 8 to 15 digits), so this is the default phone, {DEFAULT_NUMBER}.
        </Alert>
      ) : null}
      <Form method="get" className="dev-chat__picker">
        <label htmlFor="dev-phone-number">Phone number</label>
        <input id="dev-phone-number" className="input dev-chat__chat-id" name="number" defaultValue={number} pattern="\+[0-9]{8,15}" required />
        <Button type="submit" variant="secondary">
          Open phone
        </Button>
      </Form>
      <ol className="dev-chat__log" aria-label={`Texts and calls of ${number}`} aria-live="polite">
        {items.length === 0 ? <li className="dev-chat__note">Nothing yet. Add this number on Reminder Channels and verify it.</li> : null}
        {items.map((item, index) => (
          <Item key={index} item={item} number={number} />
        ))}
      </ol>
      <form method="post" action="/dev/phone/reply" className="dev-chat__send">
        <input type="hidden" name="number" value={number} />
        <label htmlFor="dev-phone-reply" className="visually-hidden">
          Reply
        </label>
        <input id="dev-phone-reply" className="input" name="body" placeholder="Reply, like DONE, SNOOZE 10 or OK" autoComplete="off" required />
        <Button type="submit">Send reply</Button>
      </form>
    </div>
  );
}
