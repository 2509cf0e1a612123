import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { ApiEnv } from "./context";
import { requireUser } from "./auth-middleware";
import { exactEnvelope, handleError, handleNotFound } from "./errors";
import { auth } from "./auth";
import { browserErrors } from "./browser-errors";
import { feedback } from "./feedback";
import { health } from "./health";
import { requestContext } from "./middleware";
import { push } from "./push";
import { defaultStrategy } from "./strategy";
import { taskListWithSlash, tasks } from "./tasks";
import { pairing, telegram } from "./telegram";
import { phone } from "./phone";
import { buddies, buddyCollection } from "./buddies";
import { feedToken, serveFeed } from "./calendar";
import { users } from "./users";

/**
 * The JSON API of both specs, mounted at /v1. One module per resource; every input validated with
 * the shared zod schemas; every error in the `{ message, code }` envelope.
 */
export function createApi() {
  const api = new Hono<ApiEnv>();
  api.use("*", requestContext);
  api.use("*", secureHeaders({ referrerPolicy: "no-referrer" }));
  // Spec 01's account routes keep their exact `{ message, code }` bodies (no `fields`); the task and
  // strategy routes (spec 02) name the failing fields. /users/:id/default-escalation-strategy is
  // deeper than /users/:id, so it is not matched here.
  for (const path of ["/auth/*", "/users", "/users/me/*", "/users/:id"]) api.use(path, exactEnvelope);
  api.route("/health", health);
  api.route("/auth/phone", phone);
  api.route("/auth", auth);
  api.route("/users", users);
  api.route("/users", defaultStrategy);
  api.route("/users", pairing);
  api.route("/users", feedToken);
  api.get("/tasks/ics/:token", serveFeed);
  api.get("/tasks/", requireUser, taskListWithSlash);
  api.route("/tasks", tasks);
  api.route("/push", push);
  api.route("/telegram", telegram);
  api.get("/emergency-contacts/", requireUser, buddyCollection.list);
  api.post("/emergency-contacts/", requireUser, buddyCollection.create);
  api.route("/emergency-contacts", buddies);
  api.route("/feedback", feedback);
  api.route("/errors", browserErrors);
  // Last: anything else under /v1 is a JSON 404, never a page.
  api.all("*", handleNotFound);
  api.notFound(handleNotFound);
  api.onError(handleError);
  return api;
}
