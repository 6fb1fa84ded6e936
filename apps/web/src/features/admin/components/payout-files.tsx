import type { TPayoutReviewItem } from '@haulpro/shared/delivery-view';
import { Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf } from '@tabler/icons-react';
import classes from './payout-files.module.css';

type TPayoutFile = TPayoutReviewItem['files'][number];

/** "900 B", "12.3 KB", "1.2 MB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The submission's documents through their signed links: photos as thumbnails, PDFs as a tile.
 * Each opens in a new tab. PDFs are not previewed inline: the API serves them as attachments
 * and its content security policy allows no plugin content, so the browser downloads them.
 */
export function PayoutFiles({ files }: { files: readonly TPayoutFile[] }) {
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No files.
      </Text>
    );
  }
  return (
    <ul className={classes.files} data-testid="payout-files">
      {files.map((file) => (
        <li key={file.id}>
          {file.type === 'application/pdf' ? (
            <a
              className={classes.doc}
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="payout-file"
              data-type={file.type}
            >
              <ThemeIcon color="red" variant="light" size={44} radius="md" aria-hidden="true">
                <IconFileTypePdf size={26} />
              </ThemeIcon>
              <span className={classes.docText}>
                <span className={classes.docName}>{file.name}</span>
                <span className={classes.docMeta}>
                  PDF · {formatBytes(file.size)} · opens in a new tab{' '}
                  <IconExternalLink size={12} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
                </span>
              </span>
            </a>
          ) : (
            <a
              className={classes.thumb}
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              title={`${file.name} (opens in a new tab)`}
              data-testid="payout-file"
              data-type={file.type}
            >
              <img src={file.url} alt={`${file.name} (opens in a new tab)`} loading="lazy" />
              <span className={classes.caption} aria-hidden="true">
                {file.name}
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
