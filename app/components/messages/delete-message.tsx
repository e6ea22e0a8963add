import { Trash2 } from "../ui/icons";
import { useState } from "react";
import { notify } from "../../lib/toast";
import { Modal, ModalClose } from "../projects/modal";
import { Button } from "../ui/button";

/**
 * The Delete button under one's own message (docs/product.md, Files): a confirm dialog, then
 * DELETE /api/v1/messages/{id}; the message then shows as deleted for both people and its files
 * are gone. `onDeleted` updates the thread on this page.
 */
export function DeleteMessageDialog({ messageId, onDeleted }: { messageId: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const res = await fetch(`/api/v1/messages/${messageId}`, { method: "DELETE", headers: { accept: "application/json" } });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        notify("error", body?.error?.message ?? "Could not delete the message");
        return;
      }
      setOpen(false);
      onDeleted();
      notify("success", "Message deleted");
    } catch {
      notify("error", "Could not delete the message");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Delete this message?"
      description="It is deleted for both of you, with its files. This cannot be undone."
      trigger={
        <Button variant="ghost" size="sm" className="text-slate-600">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete<span className="sr-only"> message</span>
        </Button>
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <ModalClose>
          <Button variant="secondary">Cancel</Button>
        </ModalClose>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          Delete message
        </Button>
      </div>
    </Modal>
  );
}
