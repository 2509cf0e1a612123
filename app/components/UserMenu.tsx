import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { useHydrated } from "~/lib/hooks";
import { accountMenuLabel, avatarLetter, menuName } from "~/lib/user-display";
import { AvatarMenuLink } from "./AvatarMenuLink";
import { ReportBugItem } from "./feedback/ReportBugItem";

/** The localStorage flag set when onboarding was skipped; its presence shows 'Get Started'. */
export const SKIP_ONBOARDING_FLAG = "skipOnBoarding";
/** Where 'Get Started' posts: resumeOnboarding, then on to /onboarding (app/routes/resources.onboarding.tsx). */
export const RESUME_ONBOARDING_ACTION = "/resources/onboarding";
/** What a failed sign-out says where it is shown (the /menu page; the drop-down only logs it). */
export const SIGN_OUT_FAILED = "Sign-out failed. Please try again.";

interface SignOutResult {
  ok: false;
  message: string;
}

interface ResumeResult {
  ok: false;
  message: string;
}

function readSkipFlag(): boolean {
  try {
    return window.localStorage.getItem(SKIP_ONBOARDING_FLAG) !== null;
  } catch {
    return false;
  }
}

function clearSkipFlag(): void {
  try {
    window.localStorage.removeItem(SKIP_ONBOARDING_FLAG);
  } catch {
    // Storage blocked: the server's record is what counts anyway.
  }
}

/**
 * The items of the account menu, shared by the header's drop-down and the /menu page. 'Get
 * Started' and 'Sign Out' are real forms: they work without JavaScript too. `fetchers` makes them
 * fetcher forms (the drop-down: the menu stays open when sign-out fails).
 */
export function AccountMenuItems({
  showGetStarted,
  signOutForm: SignOutForm = Form,
  resumeForm: ResumeForm = Form,
  signingOut = false,
  resuming = false,
  onResume,
  onReportBug,
}: {
  showGetStarted: boolean;
  signOutForm?: typeof Form;
  resumeForm?: typeof Form;
  signingOut?: boolean;
  resuming?: boolean;
  onResume?: () => void;
  /** The drop-down closes once the bug-report widget is open. */
  onReportBug?: () => void;
}) {
  return (
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
      {showGetStarted ? (
        <li>
          <ResumeForm method="post" action={RESUME_ONBOARDING_ACTION} onSubmit={onResume}>
            <button type="submit" className="user-menu__item" disabled={resuming}>
              {resuming ? "Starting..." : "Get Started"}
            </button>
          </ResumeForm>
        </li>
      ) : null}
      <li>
        <SignOutForm method="post" action="/auth/logout">
          <button type="submit" className="user-menu__item" disabled={signingOut}>
            {signingOut ? "Signing out..." : "Sign Out"}
          </button>
        </SignOutForm>
      </li>
      <li>
        <ReportBugItem onOpen={onReportBug} />
      </li>
    </ul>
  );
}

/**
 * The avatar button and the hamburger menu of a signed-in user (spec 01 section 2). A disclosure:
 * the button has aria-expanded/aria-controls, the panel is a labelled navigation list right after
 * it in the tab order. Escape closes it and puts focus back on the avatar; so does a click
 * outside. Sign Out posts to /auth/logout; on failure the error is only logged and the menu stays.
 *
 * Before hydration (and without JavaScript) the avatar is a link to the /menu page (AvatarMenuLink), which lists
 * the same items as plain forms and links.
 *
 * 'Get Started' shows when onboarding was skipped: the server's record (`onboardingSkipped`) or
 * the spec's browser flag. It posts to resumeOnboarding, which forgets the skip on the server,
 * and goes on to /onboarding.
 */
export function UserMenu({ name, onboardingSkipped = false }: { name: string | null; onboardingSkipped?: boolean }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [skipFlag, setSkipFlag] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();
  const signOut = useFetcher<SignOutResult>({ key: "sign-out" });
  const resume = useFetcher<ResumeResult>({ key: "resume-onboarding" });
  const signingOut = signOut.state !== "idle";
  const label = accountMenuLabel(name);

  // The flag lives in the browser only, so it is read when the menu opens.
  useUnskippableEffect(() => {
    if (open) setSkipFlag(readSkipFlag());
  }, [open]);

  // Any navigation closes the menu, also one to the same URL (Get Started while on the wizard): each has its own key.
  useUnskippableEffect(() => setOpen(false), [location.key]);

  useUnskippableEffect(() => {
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

  // Spec 01 section 2: a failed sign-out is only logged, and the menu stays open.
  useUnskippableEffect(() => {
    if (signOut.state === "idle" && signOut.data && signOut.data.ok === false) {
      console.error("Sign-out failed:", signOut.data.message);
    }
  }, [signOut.state, signOut.data]);

  useUnskippableEffect(() => {
    if (resume.state === "idle" && resume.data && resume.data.ok === false) {
      console.error("Starting onboarding failed:", resume.data.message);
    }
  }, [resume.state, resume.data]);

  if (!hydrated) return <AvatarMenuLink name={name} />;

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-label={label}
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
          <AccountMenuItems
            showGetStarted={onboardingSkipped || skipFlag}
            signOutForm={signOut.Form}
            resumeForm={resume.Form}
            signingOut={signingOut}
            resuming={resume.state !== "idle"}
            onResume={() => {
              clearSkipFlag();
              setSkipFlag(false);
            }}
            onReportBug={() => setOpen(false)}
          />
        </nav>
      </div>
    </div>
  );
}
