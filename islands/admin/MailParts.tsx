import { ATTACHMENT_LIMITS, byteSize, type MailAttachmentJson } from '../../shared/inbound-mail';
import { counted } from './text';

/**
 * Pieces of a mail message as the lead's conversation and Unmatched mail show it. Everything from
 * the message is only text: React escapes it, nothing is turned into markup or links.
 */

/** The quoted history under a message, folded. */
export function QuotedText({ quoted }: { quoted: string }) {
  return (
    <details className="admin-thread__body">
      <summary>Show quoted text</summary>
      <pre className="admin-prewrap">{quoted}</pre>
    </details>
  );
}

/** An attachment is fetched from this site only: a path of its own, never another origin or a scheme. */
const isOwnPath = (url: string | null): url is string => url !== null && /^\/(?![/\\])/.test(url);

/** A message's attachments: each a download with its name and size, or why it was not kept. */
export function Attachments({ attachments, omitted = 0 }: { attachments: MailAttachmentJson[]; omitted?: number }) {
  return (
    <ul className="admin-attachments" aria-label={counted(attachments.length + omitted, 'attachment')}>
      {attachments.map((attachment, index) => (
        <li key={`${index}-${attachment.name}`}>
          {isOwnPath(attachment.url) ? (
            <a href={attachment.url} download={attachment.name}>
              {attachment.name}
            </a>
          ) : (
            <span>{attachment.name}</span>
          )}{' '}
          <span className="admin-muted">
            ({byteSize(attachment.bytes)}
            {attachment.url === null && `; not kept: larger than ${byteSize(ATTACHMENT_LIMITS.bytes)}, or past the ${byteSize(ATTACHMENT_LIMITS.perMessage)} a message may keep`})
          </span>
        </li>
      ))}
      {omitted > 0 && <li className="admin-muted">{counted(omitted, 'more attachment')} not listed (only the first {attachments.length} are kept)</li>}
    </ul>
  );
}

