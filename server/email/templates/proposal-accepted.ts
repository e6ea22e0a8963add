import { formatRand } from "../../../shared/format";
import type { RenderedEmail } from "./html";

/** To a developer: the client accepted their proposal (switch "Hired"). Price in rand. */
export function proposalAcceptedEmail(d: { recipientName: string; price: number; projectTitle: string; projectId: string; appUrl: string }): RenderedEmail {
  return {
    subject: `You were hired for "${d.projectTitle}"`,
    text: `Hi ${d.recipientName},\n\nYour proposal of ${formatRand(d.price)} for "${d.projectTitle}" was accepted. Time to start building!\n\nProject: ${d.appUrl}/projects/${d.projectId}\n\nBuildZA`,
  };
}
