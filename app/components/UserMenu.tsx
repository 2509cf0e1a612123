import { Link, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { avatarLetter, menuName } from "../lib/user-display";

/** The localStorage flag set when onboarding was skipped; its presence shows 'Get Started'. */
export const SKIP_ONBOARDING_FLAG = "skipOnBoarding";

interface SignOutResult {
  ok: false;
  message: string;
}

/**
 * The avatar button and the hamburger menu of a signed-in user (spec 01 section 2). A disclosure:
 * the button has aria-expanded/aria-controls, the panel is a labelled navigation list right after
 * it in the tab order. Escape closes it and puts focus back on the avatar; so does a click
 * outside. Sign Out posts to /auth/logout; on failure the error is only logged and the menu stays.
 * 'Report a Bug' joins the list with the feedback issue.
 */
export function UserMenu({ name }: { name: string | null }) {
  const [open, setOpen] = useState(false);
  const [canRestartOnboarding, setCanRestartOnboarding] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = useFetcher<SignOutResult>({ key: "sign-out" });
  const signingOut = signOut.state !== "idle";

  // The flag lives in the browser only, so it is read when the menu opens.
  useEffect(() => {
    if (!open) return;
    try {
      setCanRestartOnboarding(window.localStorage.getItem(SKIP_ONBOARDING_FLAG) !== null);
    } catch {
      setCanRestartOnboarding(false);
    }
  }, [open]);

  // Any navigation closes the menu.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node | null;
      if (target && (panelRef.current?.contains(target) || buttonRef.current?.contains(target))) return;
      setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  useEffect(() => {
    if (signOut.state === "idle" && signOut.data && signOut.data.ok === false) {
      console.error("Sign-out failed:", signOut.data.message);
    }
  }, [signOut.state, signOut.data]);

  function startOnboarding() {
    try {
      window.localStorage.removeItem(SKIP_ONBOARDING_FLAG);
    } catch {
      // Storage blocked: onboarding still opens.
    }
    setOpen(false);
    navigate("/onboarding");
  }

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{avatarLetter(name)}</span>
      </button>
      <div ref={panelRef} id={panelId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__name" data-testid="menu-name">
          {menuName(name)}
        </p>
        <nav aria-label="Account">
          <ul className="user-menu__list">
            <li>
              <Link className="user-menu__item" to="/emergency-contacts">
                Nudge Buddies
              </Link>
            </li>
            <li>
              <Link className="user-menu__item" to="/integrations">
                Reminder Channels
              </Link>
            </li>
            <li>
              <Link className="user-menu__item" to="/settings">
                Settings
              </Link>
            </li>
            {canRestartOnboarding ? (
              <li>
                <button type="button" className="user-menu__item" onClick={startOnboarding}>
                  Get Started
                </button>
              </li>
            ) : null}
            <li>
              <signOut.Form method="post" action="/auth/logout">
                <button type="submit" className="user-menu__item" disabled={signingOut}>
                  {signingOut ? "Signing out..." : "Sign Out"}
                </button>
              </signOut.Form>
            </li>
            {/* SLOT(feedback issue): 'Report a Bug' opens the feedback widget here. */}
          </ul>
        </nav>
      </div>
    </div>
  );
}
