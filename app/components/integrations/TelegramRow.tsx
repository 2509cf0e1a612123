import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import type { TelegramAnswer, TelegramRowData } from "~/lib/telegram.server";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { useHydrated } from "~/lib/hooks";
import { ChannelRowHead } from "./ChannelRowHead";
import { TelegramLinkPanel } from "./TelegramLinkPanel";

const ROUTE = "/integrations/telegram";
/** Spec 01: poll every 5 seconds, up to 120 times (about the code's 10 minutes). */
export const POLL_MS = 5_000;
export const POLL_LIMIT = 120;
/** Spec 01: after 'linked' the panel closes after 5 seconds. */
export const CLOSE_AFTER_LINKED_MS = 5_000;

type PanelState = "closed" | "linking" | "confirm-unlink";

/**
 * The Telegram row of Reminder Channels (spec 01): its switch shows whether Telegram is linked; turned
 * on it opens the linking panel (a one-time code as deep link and QR code, then a poll every 5 s until
 * the bot linked the chat); turned off it asks before unlinking. Without JavaScript the row links to
 * the plain page /integrations/telegram.
 */
export function TelegramRow({ initial }: { initial: TelegramRowData }) {
  const hydrated = useHydrated();
  const action = useFetcher<TelegramAnswer>();
  const poll = useFetcher<TelegramRowData>();
  const revalidator = useRevalidator();
  const [panel, setPanel] = useState<PanelState>("closed");
  const [justLinked, setJustLinked] = useState(false);
  const [polls, setPolls] = useState(0);
  // The poll saw the code on screen used. Kept in state, not read off the poll each render: when the page's
  // data is read again, the poll reloads too, and "linked" must not blink off meanwhile.
  const [pollSawLinked, setPollSawLinked] = useState(false);
  const answer = action.data;
  // The poll's answer counts only for the code on screen (polls restart at 0 with every new code).
  const pollLinked = panel === "linking" && polls > 0 && poll.state === "idle" && poll.data?.linked === true;
  useUnskippableEffect(() => {
    if (pollLinked) setPollSawLinked(true);
  }, [pollLinked]);
  const linked = panel === "linking" && (pollLinked || pollSawLinked) ? true : initial.linked;
  const code = answer?.ok && answer.kind === "code" ? answer : null;
  const expired = code !== null && polls >= POLL_LIMIT;

  // A code refused (email not verified, the server failed): the panel closes, so the switch is drawn off again
  // beside the refusal instead of "on" with nothing to link, and pressing it once more asks again.
  const refused = action.state === "idle" && answer !== undefined && !answer.ok;
  useUnskippableEffect(() => {
    if (refused && panel === "linking") setPanel("closed");
  }, [refused, panel]);

  // Poll while a code is shown and not yet used (spec 01: every 5 s, up to 120 times).
  useUnskippableEffect(() => {
    if (panel !== "linking" || !code || linked || expired) return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      poll.load(ROUTE);
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [panel, code, linked, expired, polls, poll]);

  // 'linked': say so, then close the panel after 5 seconds. The page's own data is read again at once,
  // so what depends on the link (the wizard's Next) follows it while "Telegram is linked!" shows.
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  useUnskippableEffect(() => {
    if (panel !== "linking" || !linked) return;
    setJustLinked(true);
    revalidatorRef.current.revalidate();
    const timer = window.setTimeout(() => setPanel("closed"), CLOSE_AFTER_LINKED_MS);
    return () => window.clearTimeout(timer);
  }, [panel, linked]);

  function getCode() {
    setPolls(0);
    setPollSawLinked(false);
    setJustLinked(false);
    action.submit({ intent: "generate" }, { method: "post", action: ROUTE });
  }

  function onToggle() {
    if (linked) {
      setPanel(panel === "confirm-unlink" ? "closed" : "confirm-unlink");
      return;
    }
    if (panel === "linking") {
      setPanel("closed");
      return;
    }
    setPanel("linking");
    getCode();
  }

  function unlink() {
    action.submit({ intent: "unlink" }, { method: "post", action: ROUTE });
    setPanel("closed");
    setPollSawLinked(false);
    setJustLinked(false);
  }

  const unlinkedNow = answer?.ok && answer.kind === "unlinked";
  const shownLinked = linked;
  const busy = action.state !== "idle";
  return (
    <li className="card channel-row" id="telegram">
      <ChannelRowHead
        id="telegram"
        icon={
          <>
            <path d="M21 4 3 11l6 2 2 6 3-4 5 4z" />
            <path d="m9 13 8-6" />
          </>
        }
        title="Telegram"
        switchLabel="Telegram reminders"
        input={{
          checked: shownLinked || panel === "linking",
          disabled: !hydrated || !initial.available || busy,
          "aria-expanded": panel !== "closed",
          "aria-controls": "telegram-panel",
          onChange: onToggle,
        }}
        description={
          <>
            {shownLinked
              ? "Linked. Reminders ping you in Telegram first, and you can make reminders by chatting with the bot."
              : "A gentle ping in Telegram when a reminder is due, with buttons to answer it. You can also make reminders by chatting with the bot."}
            {!hydrated && initial.available ? (
              <>
                {" "}
                <Link to={ROUTE}>{shownLinked ? "Manage Telegram" : "Link Telegram"}</Link>
              </>
            ) : null}
          </>
        }
      />
      <div id="telegram-panel" className="push-row__body" aria-live="polite">
        {!initial.available ? <Alert tone="info">{initial.reason ?? "Telegram isn't available on this server right now."}</Alert> : null}
        {refused ? <Alert tone="error">{answer.message}</Alert> : null}
        {unlinkedNow ? <Alert tone="success">{answer.message}</Alert> : null}
        {justLinked && panel === "linking" ? <Alert tone="success">Telegram is linked! Your reminders will ping you there first.</Alert> : null}
        {panel === "linking" && code && !linked ? (
          expired ? (
            <div className="telegram-panel">
              <Alert tone="info">This code has expired.</Alert>
              <Button onClick={getCode}>Get a new code</Button>
            </div>
          ) : (
            <TelegramLinkPanel code={code} botUsername={initial.botUsername} waiting />
          )
        ) : null}
        {panel === "linking" && busy ? <p className="muted">Getting a linking code…</p> : null}
        {panel === "confirm-unlink" ? (
          <div className="telegram-panel" role="group" aria-labelledby="telegram-unlink-question">
            <p id="telegram-unlink-question">Unlink Telegram? Your reminders will come by email until you link it again.</p>
            <div className="button-row">
              <Button variant="danger" onClick={unlink}>
                Yes, unlink
              </Button>
              <Button variant="secondary" onClick={() => setPanel("closed")}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </li>
  );
}
