import { Link, useLocation } from "@remix-run/react";
import { PlusIcon } from "./icons";

/**
 * The floating round 'Create Task' button (spec 02 section 2): bottom right of every screen when
 * the user is loaded and onboarding is not needed (`show`, from the root loader), and never on
 * /task-creator itself. A link, since it navigates.
 *
 * Nor in the wizard (/onboarding, see docs/spec-deviations.md): once the email is verified and
 * Telegram linked on step 2, onboarding is no longer "needed", and the button then covered step 3's
 * own reminder box and its answer on a phone, and offered a second way out of the steps. Nor on Edit
 * Task (ours), whose form and Save are the page's one action, as on New Task.
 */
const HIDDEN_ON = [/^\/task-creator$/, /^\/onboarding$/, /^\/tasks\/[^/]+\/edit$/];

/** The button, or nothing where it is hidden (HIDDEN_ON). */
export function CreateTaskFab({ show }: { show: boolean }) {
  const { pathname } = useLocation();
  if (!show || HIDDEN_ON.some((path) => path.test(pathname))) return null;
  // In its own small landmark, so every part of the page belongs to one (axe "region").
  return (
    <nav aria-label="Quick actions">
      <Link to="/task-creator" className="fab" aria-label="Create Task" title="Create Task">
        <PlusIcon />
      </Link>
    </nav>
  );
}
