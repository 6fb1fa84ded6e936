import type { ReactNode } from 'react';
import classes from './card-parts.module.css';

type TCardStatProps = {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Its place in the card's grid (a class of the card's own stylesheet). */
  className?: string;
};

/** A labelled value on a dashboard card ("TRUCK" over "2"), in plain markup (card-parts.module.css). */
export function CardStat({ label, children, testId, className }: TCardStatProps) {
  return (
    <div className={className ? `${classes.stat} ${className}` : classes.stat} data-testid={testId}>
      <div className={classes.label}>{label}</div>
      <div className={classes.value}>{children}</div>
    </div>
  );
}
