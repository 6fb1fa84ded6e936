import classes from './star-rating.module.css';

const STAR =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

function Stars({ size }: { size: number }) {
  return (
    <>
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} className={classes.star} width={size} height={size} viewBox="0 0 24 24" aria-hidden>
          <path d={STAR} fill="currentColor" />
        </svg>
      ))}
    </>
  );
}

/**
 * Read-only stars, filled to the exact average (4.3 fills four stars and a third of the fifth),
 * named by `label` for assistive technology. Mantine's Rating is an input: with fractions it
 * draws 50 radio buttons per line, which made a list of helpers slow to render on a phone.
 * The review form keeps Mantine's Rating, where stars are chosen.
 */
export function StarRating({
  value,
  label,
  size = 18,
  testId,
}: {
  value: number;
  label: string;
  size?: number;
  testId?: string;
}) {
  const percent = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span className={classes.root} role="img" aria-label={label} data-testid={testId}>
      <Stars size={size} />
      <span className={classes.filled} style={{ width: `${percent}%` }}>
        <Stars size={size} />
      </span>
    </span>
  );
}
