import { useLocation } from "@remix-run/react";
import { createContext, lazy, Suspense, useCallback, useContext, useState, type MouseEvent, type ReactNode } from "react";
import type { LegalDocument } from "./LegalDialog";
import type LegalDialogComponent from "./LegalDialog";

/** `?legal=terms|privacy` opens that document over any page: how the links work without JavaScript. */
export const LEGAL_PARAM = "legal";

export function legalDocumentIn(search: URLSearchParams): LegalDocument | null {
  const value = search.get(LEGAL_PARAM);
  return value === "terms" || value === "privacy" ? value : null;
}

const LegalContext = createContext<{ open(document: LegalDocument): void }>({ open: () => undefined });

// The dialog (modal, focus trap, both legal texts) is fetched on first use: every page links to
// the documents from its footer, few visitors open them. Hovering or focusing a link starts the
// fetch early, so the dialog is usually there by the time of the click.
let loadedDialog: typeof LegalDialogComponent | null = null;
const loadLegalDialog = () =>
  import("./LegalDialog").then((module) => {
    loadedDialog = module.default;
    return module;
  });
const LazyLegalDialog = lazy(loadLegalDialog);

/**
 * For app/entry.client.tsx and app/entry.server.tsx: a page that starts with a document open
 * (`?legal=...`) has the dialog's code before it renders, on both sides, and renders it directly, with
 * no Suspense boundary around it (ADR 068):
 * - left lazy, the open dialog would still be waiting for its code while the page hydrates, and a
 *   click in that moment (on Close, say) makes React 18 hydrate the page at once, which it cannot do
 *   around code that is not there: "Root did not complete" (#345; seen in CI);
 * - a boundary in the server's HTML is hydrated after the rest of the page, at the lowest priority;
 *   an urgent update reaching it first (a click or a key while the page hydrates) throws "This
 *   Suspense boundary received an update before it finished hydrating" (#421; seen in CI).
 */
export function loadOpenLegalDialog(search: string): Promise<unknown> {
  return legalDocumentIn(new URLSearchParams(search)) ? loadLegalDialog() : Promise.resolve();
}

/**
 * Holds the Terms of Service and Privacy Policy modals, openable from any screen. A page opened with
 * `?legal=...` (a legal link followed without JavaScript, e.g. from the home page, which ships none to
 * signed-out visitors) starts with that document open; closing it drops the parameter from the address.
 */
export function LegalModalsProvider({ email, children }: { email: string; children: ReactNode }) {
  const location = useLocation();
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(() => legalDocumentIn(new URLSearchParams(location.search)));
  const close = useCallback(() => {
    setOpenDocument(null);
    const url = new URL(window.location.href);
    if (url.searchParams.has(LEGAL_PARAM)) {
      url.searchParams.delete(LEGAL_PARAM);
      window.history.replaceState(window.history.state, "", url);
    }
  }, []);
  const open = useCallback((document: LegalDocument) => setOpenDocument(document), []);
  // Chosen once, when the page first renders: the dialog itself if its code is there (always so on a
  // page opened with `?legal=`, see loadOpenLegalDialog), else the lazy one in a boundary. Chosen
  // once so an open dialog is never swapped for another component (which would remount it) when
  // its code arrives.
  const [loadedAtFirstRender] = useState(() => loadedDialog);
  const dialogProps = openDocument === null ? null : { document: openDocument, email, onClose: close };
  let dialog: ReactNode = null;
  if (dialogProps && loadedAtFirstRender) {
    const LegalDialog = loadedAtFirstRender;
    dialog = <LegalDialog {...dialogProps} />;
  } else if (dialogProps) {
    dialog = (
      <Suspense fallback={null}>
        <LazyLegalDialog {...dialogProps} />
      </Suspense>
    );
  }
  return (
    <LegalContext.Provider value={{ open }}>
      {children}
      {dialog}
    </LegalContext.Provider>
  );
}

export function useLegalModals() {
  return useContext(LegalContext);
}

/**
 * An inline link to one of the legal documents: opened in place by the page's script, or, without
 * JavaScript, by following the link to the same page with `?legal=...`.
 */
export function LegalLink({ document, children }: { document: LegalDocument; children: ReactNode }) {
  const { open } = useLegalModals();
  const { pathname } = useLocation();
  const preload = () => void loadLegalDialog();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    open(document);
  };
  return (
    <a href={`${pathname}?${LEGAL_PARAM}=${document}`} className="link-button" onClick={onClick} onPointerEnter={preload} onFocus={preload} rel="nofollow">
      {children}
    </a>
  );
}
