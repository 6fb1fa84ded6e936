import type { ReactNode } from 'react';
import classes from './page-shell.module.css';

/**
 * The frame of the pages with a navbar (the app and the booking site): a sticky 64 px header
 * and the page below it. Plain elements rather than Mantine's AppShell, whose resizable
 * navbar and scroll lock (about 9 KB compressed) no page here uses.
 */
export function PageShell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className={classes.header}>{header}</header>
      <main className={classes.main}>{children}</main>
    </>
  );
}
