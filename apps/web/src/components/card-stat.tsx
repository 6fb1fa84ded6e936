import type { ReactNode } from 'react';
import classes from './card-parts.module.css';

type TCardStatProps = { label: string; children: ReactNode; testId?: string };

/** A labelled value on a dashboard card ("TRUCK" over "2"), in plain markup (card-parts.module.css). */
export function CardStat({ label, children, testId }: TCardStatProps) {
  return (
    <div className={classes.stat} data-testid={testId}>
      <div className={classes.label}>{label}</div>
      <div className={classes.value}>{children}</div>
    </div>
  );
}
