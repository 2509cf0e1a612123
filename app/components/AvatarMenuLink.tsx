import { accountMenuLabel, avatarLetter } from "~/lib/user-display";

/** The account menu as a page: what the avatar opens without JavaScript (app/routes/menu.tsx). */
export const MENU_PAGE = "/menu";

/**
 * The avatar as a plain link to the /menu page: what a signed-in user's header shows before
 * hydration, without JavaScript, and while the drop-down's code (app/components/UserMenu.tsx) loads.
 */
export function AvatarMenuLink({ name }: { name: string | null }) {
  return (
    <div className="user-menu">
      <a className="avatar-button" href={MENU_PAGE} aria-label={accountMenuLabel(name)}>
        <span aria-hidden="true">{avatarLetter(name)}</span>
      </a>
    </div>
  );
}
