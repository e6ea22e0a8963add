import { formatRand } from "../../../shared/format";
import type { RenderedEmail } from "./html";

/** To a client: a developer sent a proposal for their project (switch "New proposals"). Price in rand. */
export function proposalReceivedEmail(d: {
  recipientName: string;
  developerName: string;
  price: number;
  durationLabel: string;
  projectTitle: string;
  projectId: string;
  appUrl: string;
}): RenderedEmail {
  return {
    subject: `New proposal for "${d.projectTitle}"`,
    text: `Hi ${d.recipientName},\n\n${d.developerName} sent a proposal of ${formatRand(d.price)} (${d.durationLabel}) for your project "${d.projectTitle}".\n\nCompare proposals: ${d.appUrl}/projects/${d.projectId}#proposals\n\nBuildZA`,
  };
}
