import { Link, useLocation } from "@remix-run/react";
import { PlusIcon } from "./icons";

/**
 * The floating round 'Create Task' button (spec 02 section 2): bottom right of every screen when
 * the user is loaded and onboarding is not needed (`show`, from the root loader), and never on
 * /task-creator itself. A link, since it navigates.
 */
export function CreateTaskFab({ show }: { show: boolean }) {
  const { pathname } = useLocation();
  if (!show || pathname === "/task-creator") return null;
  // In its own small landmark, so every part of the page belongs to one (axe "region").
  return (
    <nav aria-label="Quick actions">
      <Link to="/task-creator" className="fab" aria-label="Create Task" title="Create Task">
        <PlusIcon />
      </Link>
    </nav>
  );
}
