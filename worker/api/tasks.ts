import { Hono, type Context } from "hono";
import { listSequences } from "../services/escalation";
import { readJsonBody } from "../http";
import {
  acknowledgeTask,
  completeTask,
  createTask,
  createTaskFromPrompt,
  deleteTask,
  getTask,
  listTasks,
  reopenTask,
  snoozeTask,
  updateTask,
} from "../services/tasks";
import { requireUser, requireUserWith } from "./auth-middleware";
import type { ApiEnv } from "./context";

/**
 * /v1/tasks (spec 02 section 7, docs/api.md). Thin: each route reads its input and calls the task
 * service, which validates it with the shared zod schemas. Bodies are parsed by the service rather
 * than a validator middleware because the spec orders the checks: signed in (401), verified email
 * (403), then the fields (400).
 */

/** Spec 02 section 5, creating a task while signed out (an expired token still answers TOKEN_EXPIRED). */
export const SIGNED_OUT_CREATE = "You must be logged in to create a task.";

const requireUserToCreate = requireUserWith({ signInMessage: SIGNED_OUT_CREATE });

/** The task routes read their body here and let the service validate it (401, 403, then 400). */
const body = (c: Context<ApiEnv>, required = true) => readJsonBody(c.req.raw, { required });

const list = async (c: Context<ApiEnv>) => {
  c.header("Cache-Control", "no-store");
  return c.json(await listTasks(c.get("deps"), c.get("userId"), c.req.query()));
};

// Every route needs a signed-in user; the two that create a task say so in the spec's words.
export const tasks = new Hono<ApiEnv>()
  // Before /:id, so "escalation-sequences" is never read as a task id.
  .get("/escalation-sequences", requireUser, (c) => {
    c.header("Cache-Control", "private, max-age=3600");
    return c.json(listSequences());
  })
  .get("/", requireUser, list)
  .post("/", requireUserToCreate, async (c) => c.json(await createTask(c.get("deps"), c.get("userId"), await body(c)), 201))
  .post("/nl", requireUserToCreate, async (c) => {
    const result = await createTaskFromPrompt(c.get("deps"), c.get("userId"), await body(c));
    return c.json(result, result.success ? 201 : 200);
  })
  .get("/:id", requireUser, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getTask(c.get("deps"), c.get("userId"), c.req.param("id")));
  })
  .put("/:id", requireUser, async (c) => c.json(await updateTask(c.get("deps"), c.get("userId"), c.req.param("id"), await body(c))))
  .delete("/:id", requireUser, async (c) => {
    await deleteTask(c.get("deps"), c.get("userId"), c.req.param("id"), { series: c.req.query("series") === "true" });
    return c.json({ success: true, message: "Task deleted." });
  })
  .post("/:id/acknowledge", requireUser, async (c) => c.json(await acknowledgeTask(c.get("deps"), c.get("userId"), c.req.param("id"))))
  .post("/:id/done", requireUser, async (c) => c.json(await completeTask(c.get("deps"), c.get("userId"), c.req.param("id"))))
  // "Not done yet" (ADR 083): a done task opened again, its reminders started over.
  .post("/:id/reopen", requireUser, async (c) => c.json(await reopenTask(c.get("deps"), c.get("userId"), c.req.param("id"))))
  .post("/:id/snooze", requireUser, async (c) => c.json(await snoozeTask(c.get("deps"), c.get("userId"), c.req.param("id"), await body(c, false))));

/** `GET /v1/tasks/` (with the slash, as spec 02 writes it) answers like `GET /v1/tasks`. */
export const taskListWithSlash = list;
