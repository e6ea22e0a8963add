import { Ban } from "../ui/icons";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { notify } from "../../lib/toast";
import { Modal, ModalClose } from "../projects/modal";
import { Button } from "../ui/button";

/** What a block means, as the confirmation says it (docs/product.md, Trust and safety, Blocking). */
export const BLOCK_EXPLANATION =
  "Neither of you will be able to message the other, they won't be able to send proposals to your projects or see your contact buttons. You can unblock them in Settings.";

/** Calls PUT (block) or DELETE (unblock) /api/v1/users/{id}/block; the API's message on a refusal. */
async function setBlocked(userId: string, blocked: boolean): Promise<string | null> {
  try {
    const res = await fetch(`/api/v1/users/${encodeURIComponent(userId)}/block`, {
      method: blocked ? "PUT" : "DELETE",
      headers: { accept: "application/json" },
    });
    if (res.ok) return null;
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return body?.error?.message ?? "Something went wrong. Please try again.";
  } catch {
    return "Could not reach BuildZA. Check your connection and try again.";
  }
}

/**
 * Block (with a confirmation) or, when `blocked`, Unblock the user `userId` (docs/product.md, Trust
 * and safety, Blocking). The page's data is reloaded afterwards, so buttons follow the new state.
 */
export function BlockButton({ userId, name, blocked, className = "" }: { userId: string; name: string; blocked: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function change(next: boolean) {
    setBusy(true);
    const error = await setBlocked(userId, next);
    setBusy(false);
    if (error) {
      notify("error", error);
      return;
    }
    setOpen(false);
    notify("success", next ? `You blocked ${name}` : `You unblocked ${name}`);
    void revalidator.revalidate();
  }

  if (blocked)
    return (
      <Button variant="secondary" size="sm" busy={busy} className={className} onClick={() => void change(false)}>
        Unblock
      </Button>
    );
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={`Block ${name}?`}
      description={BLOCK_EXPLANATION}
      trigger={
        <Button variant="ghost" size="sm" className={`text-slate-600 ${className}`}>
          <Ban className="size-4" aria-hidden="true" />
          Block
        </Button>
      }
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ModalClose>
          <Button variant="secondary">Cancel</Button>
        </ModalClose>
        <Button variant="danger" busy={busy} onClick={() => void change(true)}>
          {busy ? "Blocking..." : `Block ${name}`}
        </Button>
      </div>
    </Modal>
  );
}
