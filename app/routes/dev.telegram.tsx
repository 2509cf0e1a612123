import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { isDevOutboxOn } from "../../worker/env";
import { devConversation, DEV_CHAT_DEFAULT, DEV_REACTIONS, isDevChatId, type DevBubble } from "../../worker/services/telegram";
import { Button } from "~/components/ui/Button";
import { useLiveRevalidation } from "~/lib/use-live-revalidation";

export const meta: MetaFunction = () => [{ title: "Dev Telegram · Nudge" }, { name: "robots", content: "noindex" }];

/** A Telegram message's own limit. */
const DEV_DRAFT_MAX = 4096;

/** Be a Telegram user locally: a chat id, what the bot said to it (from the dev outbox), and a way to answer. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!isDevOutboxOn(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const asked = params.get("chat")?.trim() ?? "";
  const chat = isDevChatId(asked) ? asked : DEV_CHAT_DEFAULT;
  // ?text= types a message in, unsent: the Telegram panel's "Open the dev Telegram chat" brings its /start line.
  const draft = (params.get("text") ?? "").slice(0, DEV_DRAFT_MAX);
  return { chat, draft, bot: context.cloudflare.env.TELEGRAM_BOT_USERNAME || "NudgeReminderBot", bubbles: await devConversation(context.deps, chat) };
}


/**
 * A message the person sent, with a way to edit it as Telegram allows (ADR 107): the bot gets an
 * `edited_message` update, and the bubble shows the new words and "edited", as Telegram does.
 */
function YourBubble({ bubble, chat }: { bubble: Extract<DevBubble, { from: "you" }>; chat: string }) {
  const fieldId = `dev-chat-edit-${bubble.messageId}`;
  return (
    <li className="dev-chat__bubble dev-chat__bubble--you" data-message-id={bubble.messageId ?? undefined}>
      <p className="dev-chat__text">{bubble.text}</p>
      {bubble.edited ? <p className="dev-chat__edited">edited</p> : null}
      {bubble.messageId !== null && bubble.sentAt !== null ? (
        <details className="dev-chat__edit">
          <summary>Edit</summary>
          <form method="post" action="/dev/telegram/edit" className="dev-chat__edit-form">
            <input type="hidden" name="chat" value={chat} />
            <input type="hidden" name="messageId" value={bubble.messageId} />
            <input type="hidden" name="sentAt" value={bubble.sentAt} />
            <label htmlFor={fieldId} className="visually-hidden">
              Edited text
            </label>
            <input id={fieldId} className="input" name="text" defaultValue={bubble.text} autoComplete="off" required />
            <Button type="submit" variant="secondary">
              Save edit
            </Button>
          </form>
        </details>
      ) : null}
    </li>
  );
}

/**
 * Under a message of the bot's: the person's reaction, and a way to react as Telegram does (ADR 119): one reaction
 * a message, a new one replaces it, the same one again takes it back. 👍 😴 💯 answer a reminder; ❤ does not.
 */
function Reactions({ bubble, chat }: { bubble: Extract<DevBubble, { from: "bot" }>; chat: string }) {
  return (
    <>
      {bubble.reaction ? <p className="dev-chat__reaction">You reacted {bubble.reaction}</p> : null}
      <details className="dev-chat__edit dev-chat__reactions">
        <summary>React</summary>
        <div className="dev-chat__buttons">
          {DEV_REACTIONS.map(({ emoji, means }) => (
            <form key={emoji} method="post" action="/dev/telegram/react">
              <input type="hidden" name="chat" value={chat} />
              <input type="hidden" name="messageId" value={bubble.messageId} />
              <input type="hidden" name="emoji" value={emoji} />
              <input type="hidden" name="previous" value={bubble.reaction ?? ""} />
              <Button type="submit" variant="secondary" aria-pressed={bubble.reaction === emoji}>
                {emoji} {means}
              </Button>
            </form>
          ))}
        </div>
      </details>
    </>
  );
}

function Bubble({ bubble, chat }: { bubble: DevBubble; chat: string }) {
  if (bubble.from === "you") return <YourBubble bubble={bubble} chat={chat} />;
  if (bubble.from === "note") return <li className="dev-chat__note">Bot: {bubble.text}</li>;
  // The reactions sit under the bubble, as Telegram shows them, so the bubble holds the message alone.
  return (
    <li className="dev-chat__item">
      <div className="dev-chat__bubble dev-chat__bubble--bot" data-message-id={bubble.messageId}>
        {bubble.replyTo !== null ? (
          <blockquote className="dev-chat__quote">
            <span className="visually-hidden">In reply to: </span>
            {bubble.replyTo}
          </blockquote>
        ) : null}
        <p className="dev-chat__text">{bubble.text}</p>
        {bubble.edited ? <p className="dev-chat__edited">edited</p> : null}
        {bubble.buttons.map((row, index) => (
          <div className="dev-chat__buttons" key={index}>
            {row.map((button) =>
              button.url ? (
                <a key={button.text} className="btn btn--secondary" href={button.url}>
                  {button.text}
                </a>
              ) : (
                <form key={button.text} method="post" action="/dev/telegram/press">
                  <input type="hidden" name="chat" value={chat} />
                  <input type="hidden" name="data" value={button.data ?? ""} />
                  <input type="hidden" name="label" value={button.text} />
                  <input type="hidden" name="messageId" value={bubble.messageId} />
                  <Button type="submit" variant="secondary">
                    {button.text}
                  </Button>
                </form>
              ),
            )}
          </div>
        ))}
      </div>
      <Reactions bubble={bubble} chat={chat} />
    </li>
  );
}

/**
 * /dev/telegram (DEV_OUTBOX on only): plays the Telegram app. What you send or press becomes a real
 * `Update` posted to /telegram/webhook with the secret; the bot's answers come from the dev outbox.
 */
export default function DevTelegram() {
  const { chat, draft, bot, bubbles } = useLoaderData<typeof loader>();
  useLiveRevalidation();
  return (
    <div className="container page dev-chat">
      <header className="page-header">
        <h1 className="page__title">Dev Telegram</h1>
        <p className="muted page-header__lead">
          Be a Telegram user without Telegram: chat with @{bot} as chat <strong>{chat}</strong>. To link this chat, press &ldquo;Open the dev Telegram chat&rdquo; in
          the Telegram panel on Reminder Channels (or copy its <code>/start</code> line here) and send it. &ldquo;Edit&rdquo; under a message you sent edits it, as in Telegram; &ldquo;React&rdquo; under one of the bot&apos;s puts a reaction on it (on a reminder, 👍 is OK, 😴 Snooze, 💯 Done). A negative chat id
          plays a group (for a group nudge buddy).
        </p>
      </header>
      <Form method="get" className="dev-chat__picker">
        <label htmlFor="dev-chat-id">Chat id</label>
        <input id="dev-chat-id" className="input dev-chat__chat-id" name="chat" defaultValue={chat} inputMode="numeric" pattern="-?[0-9]{1,15}" required />
        <Button type="submit" variant="secondary">
          Open chat
        </Button>
      </Form>
      <ol className="dev-chat__log" aria-label={`Conversation of chat ${chat}`} aria-live="polite">
        {bubbles.length === 0 ? <li className="dev-chat__note">No messages yet. Say hello, or send /start with a linking code.</li> : null}
        {bubbles.map((bubble, index) => (
          <Bubble key={index} bubble={bubble} chat={chat} />
        ))}
      </ol>
      <form method="post" action="/dev/telegram/send" className="dev-chat__send">
        <input type="hidden" name="chat" value={chat} />
        <label htmlFor="dev-chat-text" className="visually-hidden">
          Message
        </label>
        <input
          id="dev-chat-text"
          className="input"
          name="text"
          defaultValue={draft}
          placeholder='Write a message, like "remind me to stretch in 2 minutes"'
          autoComplete="off"
          autoFocus={draft !== ""}
          required
        />
        <Button type="submit">Send</Button>
      </form>
    </div>
  );
}
