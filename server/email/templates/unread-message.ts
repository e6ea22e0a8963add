import type { RenderedEmail } from "./html";

/** To a user with a message unread for 10 minutes (switch "New messages"); `count` unread messages. */
export function unreadMessageEmail(d: {
  recipientName: string;
  senderName: string;
  count: number;
  projectTitle: string | null;
  preview: string;
  conversationId: string;
  appUrl: string;
}): RenderedEmail {
  const count = d.count === 1 ? "a message" : `${d.count} messages`;
  const topic = d.projectTitle ? ` about "${d.projectTitle}"` : "";
  return {
    subject: `${d.senderName} sent you a message on BuildZA`,
    text: `Hi ${d.recipientName},\n\n${d.senderName} sent you ${count}${topic} that you have not read yet. The latest:\n\n"${d.preview}"\n\nRead and reply: ${d.appUrl}/messages/${d.conversationId}\n\nBuildZA`,
  };
}
