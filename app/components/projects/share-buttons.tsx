import { MessageCircle, Share2 } from "../ui/icons";
import { notify } from "../../lib/toast";
import { Button, buttonClass } from "../ui/button";

/** Copies `text` to the clipboard; the textarea fallback covers pages served over plain http. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

/**
 * Share (docs/product.md): the native share sheet where the browser has one, else copy the link
 * ("Link copied"), plus a WhatsApp share link.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  async function share() {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text: title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // the user closed the sheet
      }
    }
    if (await copyText(url)) notify("success", "Link copied");
    else notify("error", "Could not copy the link");
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => void share()}>
        <Share2 className="size-4" aria-hidden="true" />
        Share
      </Button>
      <a
        href={`https://wa.me/?text=${encodeURIComponent(`${title} – ${url}`)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass("secondary", "sm")}
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        WhatsApp<span className="sr-only"> (share, opens in a new tab)</span>
      </a>
    </>
  );
}
