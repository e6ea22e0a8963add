/**
 * What Settings says of each email switch (docs/product.md, Emails), kept apart from
 * shared/constants.ts: only Settings and the server need these sentences, and constants load with
 * every page (the 150 KB script budget, docs/performance.md).
 */
import type { EmailType } from "./constants";

export const EMAIL_TYPE_LABELS: Record<EmailType, { label: string; description: string }> = {
  newMessage: { label: "New messages", description: "When a message waits unread for 10 minutes (at most one email per conversation an hour)" },
  proposalReceived: { label: "New proposals", description: "When a developer sends a proposal for one of your projects" },
  proposalAccepted: { label: "Hired", description: "When a client accepts your proposal" },
  jobAlerts: { label: "Job alerts", description: "New projects matching your saved searches, as often as each search's alert says" },
  reviewRequests: {
    label: "Review requests",
    description: "When a project you worked on is completed, and one reminder a week later if you have not reviewed it yet",
  },
};
