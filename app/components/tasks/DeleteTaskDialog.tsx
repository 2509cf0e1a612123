import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import type { TaskView } from "./types";

export interface DeleteTaskDialogProps {
  task: Pick<TaskView, "id" | "title"> | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The exact confirmation of spec 02 section 2: 'Confirm Delete', the question, Cancel and Delete. */
export function DeleteTaskDialog({ task, busy, onCancel, onConfirm }: DeleteTaskDialogProps) {
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
          <Button variant="danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </>
      }
    >
      <p>Are you sure you want to delete the task &quot;{task?.title}&quot;?</p>
      <p className="muted">This action cannot be undone.</p>
    </Modal>
  );
}
