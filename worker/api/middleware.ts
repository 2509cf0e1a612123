import { createMiddleware } from "hono/factory";
import { serverTimingHeader } from "../../db/meter";
import { newWriteGate } from "../../db/write-gate";
import { newRequestId } from "../http";
import { createDeps } from "../services/deps";
import { createLogger } from "../services/log";
import type { ApiEnv } from "./context";

/**
 * Gives each request its id, its logger (carrying that id) and its service dependencies, and
 * reports what D1 cost in `Server-Timing` (wall time in D1, rows read and written, from D1's
 * result meta), and on signed-in routes what checking the token cost (`auth`): with those two,
 * `npm run bench:api` can say where a route's time goes beyond health's.
 */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const started = performance.now();
  const requestId = newRequestId(c.req.raw);
  c.set("requestId", requestId);
  c.set("log", createLogger({ requestId }));
  const writeGate = newWriteGate();
  const deps = createDeps(c.env, { writeGate });
  c.set("deps", deps);
  c.set("writeGate", writeGate);
  try {
    await next();
  } finally {
    c.header("Server-Timing", serverTimingHeader(deps.meter, performance.now() - started, c.get("authMs")));
    c.header("X-Request-Id", requestId);
  }
});
