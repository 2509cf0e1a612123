import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadOpenLegalDialog } from "~/components/legal/LegalModals";

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

// A page that starts with a legal document open hydrates once the dialog's code is there (see
// loadOpenLegalDialog); if that code cannot be fetched, the page hydrates anyway.
void loadOpenLegalDialog(window.location.search).catch(() => undefined).finally(hydrate);
