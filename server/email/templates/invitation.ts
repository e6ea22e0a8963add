import type { RenderedEmail } from "./html";

/**
 * To a developer: a client invited them to propose on a project (switch "Job alerts", the switch for
 * projects offered to a developer; docs/product.md, Journeys "Invite a developer").
 */
export function invitationEmail(d: { recipientName: string; clientName: string; projectId: string; projectTitle: string; appUrl: string }): RenderedEmail {
  return {
    subject: `${d.clientName} invited you to propose on "${d.projectTitle}"`,
    text: `Hi ${d.recipientName},\n\n${d.clientName} invited you to send a proposal for their project "${d.projectTitle}".\n\nSee the project and propose: ${d.appUrl}/projects/${d.projectId}\n\nBuildZA`,
  };
}
