/** A one-time code as the panel shows it: the deep link, its QR code, and the code to type by hand. */
export interface TelegramCodeView {
  otp: string;
  deepLink: string;
  expiresAt: string;
  qrSvg: string;
}

/**
 * Spec 01's Telegram panel body: the QR code (made on the server by the qrcode library, 200 px, margin
 * 2), 'Open in Telegram', and the `/start` line for a person who would rather type it.
 */
export function TelegramLinkPanel({ code, botUsername, waiting }: { code: TelegramCodeView; botUsername: string; waiting: boolean }) {
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
      <p className="muted telegram-panel__manual">
        Or send this message to <strong>@{botUsername}</strong>: <code className="telegram-panel__code">/start {code.otp}</code>
      </p>
      <p className="muted telegram-panel__expiry">This code works once, for 10 minutes.</p>
      {waiting ? (
        <p className="telegram-panel__waiting" role="status">
          Waiting for Telegram…
        </p>
      ) : null}
    </div>
  );
}
