/**
 * Outgoing email through nodemailer. With SMTP_URL unset, each message is written as an .eml
 * file to `<DATA_DIR>/mail/` and its links are logged (docs/product.md).
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { log } from "../log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `smtpUrl` is set, else .eml files in `mailDir`. */
export function createMailer(options: { smtpUrl?: string; mailDir: string; from: string; log?: (line: string) => void }): Mailer {
  const logLine = options.log ?? ((line: string) => log().info(line));
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.mailDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logLine(`[mail] to ${message.to}: "${message.subject}" written to ${file}${links.length ? `; links: ${links.join(" ")}` : ""}`);
    },
  };
}
