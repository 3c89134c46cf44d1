import type { UserRow } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import { publicUserName } from '../users/public-name.js';
import { escapeHtml } from '../../lib/html.js';

function layout(title: string, paragraphs: string[], action: { label: string; url: string }) {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#64748b;font-size:13px">Or paste this link into your browser: ${escapeHtml(action.url)}</p>
</body></html>`;
}

export function verificationMail(user: UserRow, url: string): MailMessage {
  const name = publicUserName(user);
  const lines = [
    `Hi ${name},`,
    'Please confirm that this is your e-mail address for AgentAtlas. The link works for 24 hours.',
  ];
  return {
    to: user.email,
    subject: 'Verify your AgentAtlas e-mail address',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Verify your e-mail address', lines, { label: 'Verify e-mail', url }),
  };
}

export function passwordResetMail(user: UserRow, url: string): MailMessage {
  const name = publicUserName(user);
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your AgentAtlas account. The link works for one hour, once.',
    'If that was not you, ignore this message: your password stays as it is.',
  ];
  return {
    to: user.email,
    subject: 'Reset your AgentAtlas password',
    text: `${lines.join('\n\n')}\n\n${url}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
  };
}
