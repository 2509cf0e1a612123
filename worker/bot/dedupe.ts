import { eq } from "drizzle-orm";
import type { MiddlewareFn } from "grammy";
import { processedUpdates } from "../../db/schema";
import type { Deps } from "../services/deps";

/**
 * Telegram resends an update until the webhook answers 2xx; each `update_id` is handled once. The
 * row is written before the handlers run (so a concurrent retry sees it) and removed again if they
 * fail, so Telegram's next retry is handled instead of lost.
 */
export function onlyOnce(deps: Deps): MiddlewareFn {
  return async (ctx, next) => {
    const key = `telegram:${ctx.update.update_id}`;
    const inserted = await deps.db
      .insert(processedUpdates)
      .values({ key, receivedAt: deps.clock.now().getTime() })
      .onConflictDoNothing()
      .returning({ key: processedUpdates.key });
    if (inserted.length === 0) return;
    try {
      await next();
    } catch (error) {
      await deps.db.delete(processedUpdates).where(eq(processedUpdates.key, key));
      throw error;
    }
  };
}
