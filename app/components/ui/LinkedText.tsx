/** Links in a message written as plain text (a text message, an email's text part): "…: http://…/move/abc". */
const URL_IN_TEXT = /(https?:\/\/[^\s<>"')]+)/g;

/**
 * A plain-text message with its links made clickable, as a phone's messages app does, so the dev pages that play
 * the phone and the outbox (and the person trying them) can follow a link the product sent. The text is never HTML: each link is
 * an `<a>` with its own address as its text.
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_IN_TEXT);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
