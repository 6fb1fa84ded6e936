import type { TPayoutPeriod } from '@haulpro/shared/payouts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { formatMoney } from '../money.tsx';
import classes from './payout-chart.module.css';
import { periodLabel, shortPeriodLabel, type TPeriodKind } from './payout-periods.ts';

type TPayoutChartProps = {
  kind: TPeriodKind;
  /** Oldest first, gaps filled (chartPeriods). */
  bars: readonly TPayoutPeriod[];
  /** The key of the period we are in, drawn darker. */
  current: string;
};

/**
 * Net earned per period as bars drawn with CSS (no chart library: this is one small chart).
 * Each bar carries its amount as text, rounded to whole dollars to fit a phone; the exact
 * amounts are in the table beside it. Screen readers get one sentence per period.
 */
export function PayoutChart({ kind, bars, current }: TPayoutChartProps) {
  const max = Math.max(...bars.map((b) => b.net), 0);
  return (
    <figure style={{ margin: 0 }} data-testid="payout-chart">
      <ol className={classes.chart} style={{ '--bars': bars.length } as CSSProperties}>
        {bars.map((bar) => {
          const share = max > 0 ? bar.net / max : 0;
          const className = [
            classes.column,
            bar.period === current ? classes.current : '',
            bar.net === 0 ? classes.zero : '',
          ].join(' ');
          return (
            <li key={bar.period} className={className} data-period={bar.period}>
              <span className={classes.amount} aria-hidden="true">
                {formatMoney(Math.round(bar.net))}
              </span>
              <span
                className={classes.bar}
                style={{ height: `calc(${Math.round(share * 1000) / 10}% - 52px)` }}
                aria-hidden="true"
              />
              <span className={classes.label} aria-hidden="true">
                {/* Month over day, so eight weeks fit side by side on a phone. */}
                {shortPeriodLabel(kind, bar.period)
                  .split(' ')
                  .map((part) => (
                    <span key={part} className={classes.labelLine}>
                      {part}
                    </span>
                  ))}
              </span>
              <VisuallyHidden>
                {`${periodLabel(kind, bar.period)}${bar.period === current ? ' (current)' : ''}: ${formatMoney(bar.net)} from ${bar.count} ${bar.count === 1 ? 'job' : 'jobs'}`}
              </VisuallyHidden>
            </li>
          );
        })}
      </ol>
      <Text component="figcaption" size="xs" c="dimmed" mt="xs">
        Net earned per {kind}, last {bars.length} {kind}s. The darker bar is this {kind}.
      </Text>
    </figure>
  );
}
