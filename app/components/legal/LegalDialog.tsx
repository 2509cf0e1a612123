import { useLocation } from "@remix-run/react";
import type { MouseEvent } from "react";
import { Modal } from "~/components/ui/Modal";
import { PrivacyPolicyText, TermsOfServiceText } from "./LegalText";

export type LegalDocument = "terms" | "privacy";

/**
 * The open Terms of Service or Privacy Policy dialog. Its own module so the modal and the legal
 * texts load only when a visitor opens one (app/components/legal/LegalModals.tsx loads it lazily),
 * not with every page's first JavaScript.
 */
export default function LegalDialog({ document, email, onClose }: { document: LegalDocument; email: string; onClose: () => void }) {
  // Close is a link to the page without `?legal=`: it works before the page's script has run (a
  // legal link followed without JavaScript) and closes in place once it has.
  const { pathname } = useLocation();
  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onClose();
  };
  return (
    <Modal
      open
      title={document === "privacy" ? "Privacy Policy" : "Terms of Service"}
      onClose={onClose}
      footer={
        <a className="btn btn--primary" href={pathname} onClick={close}>
          Close
        </a>
      }
    >
      {document === "privacy" ? <PrivacyPolicyText email={email} /> : <TermsOfServiceText email={email} />}
    </Modal>
  );
}
