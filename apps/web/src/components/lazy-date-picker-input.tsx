import { Input, InputBase } from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import {
  type ComponentType,
  lazy,
  type Ref,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from 'react';
import { withAllStyles } from '../lib/all-styles.ts';
import { dayjs } from '../lib/dayjs.ts';

type TProps = DatePickerInputProps<'default'> & { 'data-testid'?: string };

// The single-date form of Mantine's generic picker.
const DatePickerInput = lazy(() =>
  withAllStyles(import('./date-picker-input.tsx')).then((m) => ({
    default: m.DatePickerInput as ComponentType<TProps & { ref?: Ref<HTMLButtonElement> }>,
  })),
);

/**
 * The date picker of an entry page (the helper search, the delivery form). The field is drawn as it will look, with
 * its label, value and error, and the calendar, its styles and its popover download when the
 * visitor reaches for it (pointer over it, focus, or a tap); nothing moves when they arrive. A
 * tap or click made before they arrive opens the calendar as soon as it is there, and the focus
 * stays on the field. Most visitors of the helper list never change the date: they never pay for
 * the calendar.
 */
export function LazyDatePickerInput(props: TProps) {
  const [wanted, setWanted] = useState<TArrival | null>(null);
  // A transition: the placeholder stays (the same element, so a click on it completes) until
  // the picker is ready, then the picker takes its place in one step.
  const want = (next: TArrival) =>
    startTransition(() => setWanted((now) => (now && RANK[now] >= RANK[next] ? now : next)));
  const placeholder = (
    <DateFieldPlaceholder
      {...props}
      onPointerEnter={() => want('load')}
      onFocus={() => want('focus')}
      onPointerDown={() => want('open')}
      onClick={() => want('open')}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      {wanted ? <ArrivedPicker {...props} arrival={wanted} /> : placeholder}
    </Suspense>
  );
}

/** What the visitor asked for before the picker arrived: just load it, focus it, or open it. */
type TArrival = 'load' | 'focus' | 'open';
const RANK: Record<TArrival, number> = { load: 0, focus: 1, open: 2 };

/** The real picker; on arrival it takes the focus or opens, as the visitor asked meanwhile. */
function ArrivedPicker({ arrival, ...props }: TProps & { arrival: TArrival }) {
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was asked before it arrived
  useEffect(() => {
    if (arrival === 'load') return;
    ref.current?.focus();
    if (arrival === 'open') ref.current?.click();
  }, []);
  return <DatePickerInput {...props} ref={ref} />;
}

type TPlaceholderEvents = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onPointerDown: () => void;
  onClick: () => void;
};

function DateFieldPlaceholder({
  label,
  description,
  withAsterisk,
  leftSection,
  size,
  error,
  style,
  maw,
  value,
  valueFormat,
  placeholder,
  'data-testid': testId,
  onPointerEnter,
  onFocus,
  onPointerDown,
  onClick,
}: TProps & TPlaceholderEvents) {
  const text = value ? dayjs(String(value)).format(valueFormat ?? 'MMMM D, YYYY') : null;
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      leftSection={leftSection}
      size={size}
      error={error}
      style={style}
      maw={maw}
      data-testid={testId}
      onPointerEnter={onPointerEnter}
      onFocus={onFocus}
      onPointerDown={onPointerDown}
      onClick={onClick}
      pointer
    >
      {text ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}
