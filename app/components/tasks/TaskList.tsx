import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { useToast } from "~/components/ui/Toast";
import { useUnskippableEffect } from "~/lib/unskippable-effect";
import { DeleteTaskDialog } from "./DeleteTaskDialog";
import { TaskCard } from "./TaskCard";
import { SECTION_TITLES, sectionRuns, withNextOccurrence } from "./task-sections";
import { TASKS_RESOURCE, type TaskActionResult, type TaskListData, type TaskPageData, type TaskView } from "./types";

/** Load the next page a little before the end marker scrolls into view. */
const PRELOAD_MARGIN = "300px 0px";

function appendNew(current: TaskView[], more: TaskView[]): TaskView[] {
  const seen = new Set(current.map((t) => t.id));
  return [...current, ...more.filter((t) => !seen.has(t.id))];
}

/**
 * The dashboard's task list with infinite scroll (spec 02 section 2): 20 a page; the next page
 * loads when the end marker is visible, more tasks exist and no load is in progress. A 'Load more'
 * button does the same for keyboard users, and without JavaScript it is a link to the next page alone
 * (?page=N+1&after=<cursor>: the server renders one page whatever the depth).
 *
 * The list lives in the page: answers update their card in place from the action's result; a
 * delete (or a Done, which moves a task to the end of the server's order) would shift later pages,
 * so the next page is asked for after the keyset cursor of the last page (a position in the order,
 * not an offset), and a task seen twice (Done moved it further down) is dropped by id.
 */
export function TaskList({ initial }: { initial: TaskListData }) {
  const [tasks, setTasks] = useState(initial.tasks);
  const [page, setPage] = useState(initial.page);
  const [hasMore, setHasMore] = useState(initial.hasMore);
  const [shift, setShift] = useState(0);
  // The keyset cursor of the last page loaded: deletes and Done moves above it change nothing.
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loadError, setLoadError] = useState(initial.error);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<TaskView | null>(null);
  const toast = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const pager = useFetcher<TaskPageData>();
  const handledPage = useRef<TaskPageData | null>(null);
  // A page result not yet merged counts as "loading", so the end marker never asks twice.
  const loading = pager.state !== "idle" || (pager.data !== undefined && handledPage.current !== pager.data);
  const canLoad = hasMore && !loading && !loadError;

  // Unskippable (ADR 118): with a plain effect the third page's answer was sometimes never merged.
  useUnskippableEffect(() => {
    const result = pager.data;
    if (pager.state !== "idle" || !result || handledPage.current === result) return;
    handledPage.current = result;
    if (result.error) {
      setLoadError(result.error);
      return;
    }
    setLoadError(null);
    setTasks((current) => appendNew(current, result.tasks));
    setPage(result.page);
    setHasMore(result.hasMore);
    setCursor(result.nextCursor);
  }, [pager.state, pager.data]);

  const { load } = pager; // stable, unlike the fetcher object itself
  // Set the moment a page is asked for, before React renders "loading": the end marker and the
  // button can ask in the same moment, and a second load would abort the first (an AbortError).
  const asked = useRef(false);
  useUnskippableEffect(() => {
    if (pager.state === "idle") asked.current = false;
  }, [pager.state, pager.data]);
  const loadMore = useCallback(() => {
    if (asked.current) return;
    asked.current = true;
    setLoadError(null);
    const from = cursor ? `after=${encodeURIComponent(cursor)}` : `shift=${shift}`;
    // A load cut short by a revalidation (after a delete, say) is asked again by Remix: not an error.
    Promise.resolve(load(`${TASKS_RESOURCE}?page=${page + 1}&${from}`)).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
    });
  }, [load, page, shift, cursor]);

  // A new observer for every new end of the list: observe() reports at once whether the marker is
  // already visible (a tall screen may need several pages to fill).
  useUnskippableEffect(() => {
    const marker = endRef.current;
    if (!canLoad || !marker || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          loadMore();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [canLoad, loadMore]);

  const onAnswered = useCallback(
    (result: TaskActionResult) => {
      const { task: updated, nextTask, removedTaskId } = result;
      if (!result.ok || !updated) return;
      setTasks((current) => {
        const before = current.find((t) => t.id === updated.id);
        if (before && !before.completed && updated.completed) setShift((s) => s + 1);
        // "Not done yet" puts it back among the open ones: the Done's shift, undone.
        if (before && before.completed && !updated.completed) setShift((s) => s - 1);
        // Answered in place: the card keeps its heading until the next load puts it where it now belongs.
        const replaced = current.map((t) => (t.id === updated.id ? { ...updated, section: t.section } : t));
        if (removedTaskId && replaced.some((t) => t.id === removedTaskId)) {
          // "Not done yet" took back the repeat's next occurrence: one card fewer above the next page, as a delete.
          setShift((s) => s + 1);
          return replaced.filter((t) => t.id !== removedTaskId);
        }
        return nextTask ? withNextOccurrence(replaced, nextTask, hasMore) : replaced;
      });
    },
    [hasMore],
  );

  const deleter = useFetcher<TaskActionResult>();
  const handledDelete = useRef<TaskActionResult | null>(null);
  useUnskippableEffect(() => {
    const result = deleter.data;
    if (deleter.state === "submitting" || !result || handledDelete.current === result) return;
    handledDelete.current = result;
    setPendingDelete(null);
    if (!result.ok) {
      setDeleteError(result.message);
      return;
    }
    setDeleteError(null);
    setTasks((current) => current.filter((t) => t.id !== result.taskId));
    setShift((s) => s + 1);
    toast.show(result.message, { tone: "success" });
    // The card (and the focused dialog) are gone: continue from the list's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  }, [deleter.state, deleter.data, toast]);

  const confirmDelete = ({ series }: { series: boolean }) => {
    if (!pendingDelete) return;
    deleter.submit({ intent: "delete", taskId: pendingDelete.id, ...(series ? { series: "true" } : {}) }, { method: "post", action: TASKS_RESOURCE });
  };

  const empty = tasks.length === 0 && !hasMore && !loadError;
  // A later page opened by the no-JavaScript "Load more" (or a bookmark) shows that page alone.
  const laterPage = initial.page > 1;

  return (
    <section className="task-list-section" aria-labelledby="task-list-heading">
      <h2 id="task-list-heading" className="task-list-section__title" ref={headingRef} tabIndex={-1}>
        Your tasks
      </h2>
      {deleteError ? <Alert tone="error">{deleteError}</Alert> : null}
      {laterPage ? (
        <p className="task-list__earlier">
          <Link to="/dashboard">Back to the first tasks</Link>
        </p>
      ) : null}
      {loadError && tasks.length === 0 ? (
        <div className="task-list__error">
          <Alert tone="error">{loadError}</Alert>
          <ButtonLink to="/dashboard" variant="secondary" reloadDocument>
            Try again
          </ButtonLink>
        </div>
      ) : null}
      {empty && laterPage ? (
        <div className="card task-empty">
          <p className="task-empty__title">No more tasks here.</p>
        </div>
      ) : empty ? (
        <div className="card task-empty">
          <p className="task-empty__title">No tasks found.</p>
          <p className="muted">Create your first task to get started!</p>
          <ButtonLink to="/task-creator">New Task</ButtonLink>
        </div>
      ) : (
        sectionRuns(tasks).map((run) => (
          <div key={run.key} className="task-group">
            <h3 id={`tasks-${run.key}`} className="task-group__title">
              {SECTION_TITLES[run.section]}
            </h3>
            <ul className="task-list" aria-labelledby={`tasks-${run.key}`}>
              {run.tasks.map((task) => (
                <li key={task.id} className="task-list__item">
                  <TaskCard task={task} onRequestDelete={setPendingDelete} onAnswered={onAnswered} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <div ref={endRef} className="task-list__end" data-testid="task-list-end" aria-hidden="true" />
      <div className="task-list__footer">
        <p className="task-list__status" role="status" aria-live="polite">
          {loading ? "Loading more tasks..." : !hasMore && tasks.length > initial.tasks.length ? "That's all your tasks." : ""}
        </p>
        {loadError && tasks.length > 0 ? <Alert tone="error">{loadError}</Alert> : null}
        {hasMore ? (
          loadError ? (
            <Button variant="secondary" onClick={loadMore}>
              Try again
            </Button>
          ) : (
            <Link
              to={`/dashboard?page=${page + 1}${cursor ? `&after=${encodeURIComponent(cursor)}` : ""}`}
              className="btn btn--secondary"
              preventScrollReset
              aria-disabled={loading || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!loading) loadMore();
              }}
            >
              {loading ? "Loading..." : "Load more"}
            </Link>
          )
        ) : null}
      </div>
      <DeleteTaskDialog
        task={pendingDelete}
        busy={deleter.state !== "idle"}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
