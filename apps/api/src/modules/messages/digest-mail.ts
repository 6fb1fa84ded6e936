import type { TMail } from '../../mail/mailer.ts';
import { layout } from '../../mail/templates.ts';

export type TDigestLine = { body: string; photos: number };

/**
 * The unread-message digest (decision 031): the messages' text as stored (masked before the job
 * was accepted), a count of their photos (they stay private: the link opens the thread).
 */
export function messageDigestMail(
  to: string,
  v: { job: string; senderName: string; lines: TDigestLine[]; url: string },
): TMail {
  const n = v.lines.length;
  const title = `${n === 1 ? 'A new message' : `${n} new messages`} from ${v.senderName} about ${v.job}`;
  const paragraphs = [
    `${v.senderName} wrote to you about ${v.job}:`,
    ...v.lines.map((l) => {
      const photos = l.photos ? `${l.body ? ' ' : ''}(${l.photos} photo${l.photos === 1 ? '' : 's'})` : '';
      return `“${l.body}”${photos}`.replace(/^“”/, '');
    }),
    'Reply in Haulpro: the thread keeps what both sides agreed.',
  ];
  return {
    to,
    subject: title,
    text: `${paragraphs.join('\n\n')}\n\nOpen the thread: ${v.url}\n`,
    html: layout(title, paragraphs, { label: 'Open the thread', url: v.url }),
  };
}
