import { createMiddleware } from "hono/factory";
import { serverTimingHeader } from "../../db/meter";
import { createDeps } from "../services/deps";
import type { ApiEnv } from "./context";

/**
 * Gives each request its id and its service dependencies, and reports what D1 cost in
 * `Server-Timing` (wall time in D1, rows read and written, from D1's result meta).
 */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  const started = performance.now();
  const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  const deps = createDeps(c.env);
  c.set("deps", deps);
  try {
    await next();
  } finally {
    c.header("Server-Timing", serverTimingHeader(deps.meter, performance.now() - started));
    c.header("X-Request-Id", requestId);
  }
});
