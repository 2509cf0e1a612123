import { useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import type { TaskView } from "./types";

export interface DeleteTaskDialogProps {
  task: Pick<TaskView, "id" | "title" | "repeats"> | null;
  busy: boolean;
  onCancel: () => void;
  /** `series`: a recurring task's repeats stop too (the box below was ticked). */
  onConfirm: (options: { series: boolean }) => void;
}

/** The exact confirmation of spec 02 section 2: 'Confirm Delete', the question, Cancel and Delete. */
export function DeleteTaskDialog({ task, busy, onCancel, onConfirm }: DeleteTaskDialogProps) {
  // Deleting one occurrence of a recurring task keeps the series going (the next one comes): the
  // person says here whether the repeats stop too, instead of finding out tomorrow (ADR 043).
  const [series, setSeries] = useState(false);
  useEffect(() => setSeries(false), [task?.id]);
  return (
    <Modal
      open={task !== null}
      title="Confirm Delete"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => onConfirm({ series: Boolean(task?.repeats) && series })} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </>
      }
    >
      <p>Are you sure you want to delete the task &quot;{task?.title}&quot;?</p>
      <p className="muted">This action cannot be undone.</p>
      {task?.repeats ? (
        <label className="checkbox">
          <input type="checkbox" name="series" checked={series} onChange={(event) => setSeries(event.target.checked)} />
          <span>Also stop the repeats. Without this, only this one is deleted and the next one still comes.</span>
        </label>
      ) : null}
    </Modal>
  );
}
