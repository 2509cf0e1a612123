import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadOpenLegalDialog } from "~/components/legal/LegalModals";
import { holdEarlyEvents } from "~/lib/hold-early-events";
import { quietCancellations } from "~/lib/errors/cancellations";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Until the page's data is decoded, events that would make React hydrate at once are held back from
// scripts (ADR 068). A page that starts with a legal document open hydrates once the dialog's code is
// there (see loadOpenLegalDialog); if that code cannot be fetched, the page hydrates anyway.
holdEarlyEvents();
// An interrupted navigation's AbortError is not an error (app/lib/errors/cancellations.ts).
quietCancellations();
void loadOpenLegalDialog(window.location.search).catch(() => undefined).finally(hydrate);
