import { Link, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { CloseIcon } from "./icons";

/** The close button: back where the user came from, or the dashboard when there is no history. */
export function CloseButton() {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === "number" && state.idx > 0) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to="/dashboard" className="btn btn--ghost btn--icon" aria-label="Close" onClick={onClick}>
      <CloseIcon />
    </Link>
  );
}
