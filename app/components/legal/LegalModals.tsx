import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import type { LegalDocument } from "./LegalDialog";

const LegalContext = createContext<{ open(document: LegalDocument): void }>({ open: () => undefined });

// The dialog (modal, focus trap, both legal texts) is fetched on first use: every page links to
// the documents from its footer, few visitors open them. Hovering or focusing a link starts the
// fetch early, so the dialog is usually there by the time of the click.
const loadLegalDialog = () => import("./LegalDialog");
const LegalDialog = lazy(loadLegalDialog);

/** Holds the Terms of Service and Privacy Policy modals, openable from any screen. */
export function LegalModalsProvider({ email, children }: { email: string; children: ReactNode }) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const close = useCallback(() => setOpenDocument(null), []);
  const open = useCallback((document: LegalDocument) => setOpenDocument(document), []);
  return (
    <LegalContext.Provider value={{ open }}>
      {children}
      {openDocument !== null ? (
        <Suspense fallback={null}>
          <LegalDialog document={openDocument} email={email} onClose={close} />
        </Suspense>
      ) : null}
    </LegalContext.Provider>
  );
}

export function useLegalModals() {
  return useContext(LegalContext);
}

/** An inline button that opens one of the legal documents. */
export function LegalLink({ document, children }: { document: LegalDocument; children: ReactNode }) {
  const { open } = useLegalModals();
  const preload = () => void loadLegalDialog();
  return (
    <button type="button" className="link-button" onClick={() => open(document)} onPointerEnter={preload} onFocus={preload}>
      {children}
    </button>
  );
}
