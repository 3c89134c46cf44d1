import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** Undoes quoted-printable soft line breaks and escapes, which is how nodemailer writes long lines. */
function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every .eml in the outbox of a data folder, oldest first. */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
      return { file: name, to: header('To'), subject: header('Subject'), text: decodeQuotedPrintable(raw) };
    });
}

/** Waits for a message to an address and returns the first link in it that starts with the prefix. */
export async function waitForMailLink(dataDir: string, to: string, linkPrefix: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = readOutbox(dataDir).filter((message) => message.to.includes(to));
    for (const message of messages.reverse()) {
      const escaped = linkPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const link = new RegExp(`${escaped}[^\\s"<>]+`).exec(message.text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to} with a link starting ${linkPrefix}`);
}
