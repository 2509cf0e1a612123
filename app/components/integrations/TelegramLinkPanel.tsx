import { Button } from "~/components/ui/Button";
import { useCopyText } from "~/lib/copy-text";
import { useHydrated } from "~/lib/hooks";

/** A one-time code as the panel shows it: the deep link, its QR code, and the code to type by hand. */
export interface TelegramCodeView {
  otp: string;
  deepLink: string;
  expiresAt: string;
  qrSvg: string;
  /** With the dev outbox on: the dev Telegram chat with the `/start` message typed in (null in production). */
  devChatLink: string | null;
}

/**
 * Spec 01's Telegram panel body: the QR code (made on the server by the qrcode library, 200 px, margin
 * 2), 'Open in Telegram', and the `/start` line for a person who would rather type it, on a line of its
 * own (so it never breaks after its slash) with Copy for Telegram on a computer.
 */
export function TelegramLinkPanel({ code, botUsername, waiting }: { code: TelegramCodeView; botUsername: string; waiting: boolean }) {
  const hydrated = useHydrated();
  const { copied, copy } = useCopyText();
  const message = `/start ${code.otp}`;
  return (
    <div className="telegram-panel">
      <ol className="telegram-panel__steps">
        <li>Scan this code with your phone's camera, or press Open in Telegram on this device.</li>
        <li>In Telegram, press Start. The bot will greet you by name.</li>
      </ol>
      <div className="telegram-panel__qr" role="img" aria-label="QR code that opens the Nudge bot in Telegram" dangerouslySetInnerHTML={{ __html: code.qrSvg }} />
      <a className="btn btn--primary" href={code.deepLink} target="_blank" rel="noopener noreferrer" data-testid="telegram-deep-link">
        Open in Telegram
      </a>
      {code.devChatLink ? (
        <p className="telegram-panel__dev">
          Trying Nudge on this computer? <a href={code.devChatLink}>Open the dev Telegram chat</a> with this message ready to send.
        </p>
      ) : null}
      <div className="telegram-panel__manual">
        <p className="muted">
          Or send this message to <strong>@{botUsername}</strong>:
        </p>
        <div className="telegram-panel__message">
          <code id="telegram-start-message" className="telegram-panel__code">
            {message}
          </code>
          {hydrated ? (
            <Button variant="secondary" onClick={() => copy(message, document.getElementById("telegram-start-message"))}>
              {copied ? "Copied!" : "Copy"}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="muted telegram-panel__expiry">This code works once, for 10 minutes.</p>
      {waiting ? (
        <p className="telegram-panel__waiting" role="status">
          Waiting for Telegram…
        </p>
      ) : null}
    </div>
  );
}
