import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { PrivacyPolicyText, TermsOfServiceText } from "./LegalText";

type LegalDocument = "terms" | "privacy";

const LegalContext = createContext<{ open(document: LegalDocument): void }>({ open: () => undefined });

/** Holds the Terms of Service and Privacy Policy modals, openable from any screen. */
export function LegalModalsProvider({ email, children }: { email: string; children: ReactNode }) {
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const close = useCallback(() => setOpenDocument(null), []);
  const open = useCallback((document: LegalDocument) => setOpenDocument(document), []);
  const title = openDocument === "privacy" ? "Privacy Policy" : "Terms of Service";
  return (
    <LegalContext.Provider value={{ open }}>
      {children}
      <Modal
        open={openDocument !== null}
        title={title}
        onClose={close}
        footer={
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        }
      >
        {openDocument === "privacy" ? <PrivacyPolicyText email={email} /> : <TermsOfServiceText email={email} />}
      </Modal>
    </LegalContext.Provider>
  );
}

export function useLegalModals() {
  return useContext(LegalContext);
}

/** An inline button that opens one of the legal documents. */
export function LegalLink({ document, children }: { document: LegalDocument; children: ReactNode }) {
  const { open } = useLegalModals();
  return (
    <button type="button" className="link-button" onClick={() => open(document)}>
      {children}
    </button>
  );
}
