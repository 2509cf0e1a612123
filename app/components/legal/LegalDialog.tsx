import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { PrivacyPolicyText, TermsOfServiceText } from "./LegalText";

export type LegalDocument = "terms" | "privacy";

/**
 * The open Terms of Service or Privacy Policy dialog. Its own module so the modal and the legal
 * texts load only when a visitor opens one (app/components/legal/LegalModals.tsx loads it lazily),
 * not with every page's first JavaScript.
 */
export default function LegalDialog({ document, email, onClose }: { document: LegalDocument; email: string; onClose: () => void }) {
  return (
    <Modal
      open
      title={document === "privacy" ? "Privacy Policy" : "Terms of Service"}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {document === "privacy" ? <PrivacyPolicyText email={email} /> : <TermsOfServiceText email={email} />}
    </Modal>
  );
}
