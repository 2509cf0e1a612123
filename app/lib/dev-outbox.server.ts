import type { Deps } from "../../worker/services/deps";
import { listWaitingChains } from "../../worker/services/escalation";
import { listOutbox } from "../../worker/services/outbox";

/** How much /dev/outbox shows: the newest messages, and the chains due soonest. */
export const MESSAGES_SHOWN = 200;
export const CHAINS_SHOWN = 10;

/**
 * What /dev/outbox shows (DEV_OUTBOX only): the newest messages and the reminder chains due soonest,
 * or with `to` one address's messages and the chains of the person with that email. Each list is
 * read one longer than shown, so the page can say honestly when it is cut.
 */
export async function loadDevOutbox(deps: Pick<Deps, "db" | "clock">, to: string | null) {
  const [messages, chains] = await Promise.all([
    listOutbox(deps, { to: to ?? undefined, limit: MESSAGES_SHOWN + 1 }),
    listWaitingChains(deps, { ownerEmail: to ?? undefined, limit: CHAINS_SHOWN + 1 }),
  ]);
  return {
    messages: messages.slice(0, MESSAGES_SHOWN),
    moreMessages: messages.length > MESSAGES_SHOWN,
    chains: chains.slice(0, CHAINS_SHOWN),
    moreChains: chains.length > CHAINS_SHOWN,
    to,
  };
}
