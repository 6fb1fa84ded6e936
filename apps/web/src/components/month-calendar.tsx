import { Calendar } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { ReactNode } from 'react';
import { dayjs } from '../lib/dayjs.ts';
import classes from './month-calendar.module.css';

type TMonthCalendarProps = {
  /** Any date (YYYY-MM-DD) of the month shown. */
  month: string;
  onMonthChange: (month: string) => void;
  /** What a day shows under its number (an offer, blocked time), if anything. */
  renderContent?: (date: string) => ReactNode;
  /** Days that cannot be clicked (past days). */
  isDisabled?: (date: string) => boolean;
  onDayClick: (date: string) => void;
  /** The day's accessible name beyond its date, e.g. "10% discount". */
  describe?: (date: string) => string | null;
  'data-testid'?: string;
};

/**
 * A month grid (the spec's week starts on Monday) whose days carry a small tag and open an
 * editor when clicked. Days outside the month are hidden so each cell belongs to it.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  renderContent,
  isDisabled,
  onDayClick,
  describe,
  'data-testid': testId,
}: TMonthCalendarProps) {
  return (
    <Calendar
      date={month}
      onDateChange={onMonthChange}
      maxLevel="month"
      firstDayOfWeek={1}
      weekendDays={[]}
      hideOutsideDates
      highlightToday
      fullWidth
      size="md"
      excludeDate={isDisabled}
      classNames={{ day: classes.day }}
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
      getDayAriaLabel={(date) => {
        const name = dayjs(date).format('dddd, MMMM D, YYYY');
        const more = describe?.(date);
        return more ? `${name}: ${more}` : name;
      }}
      getDayProps={(date) => ({
        onClick: () => onDayClick(date),
        'data-date': date,
      })}
      renderDay={(date) => (
        <span className={classes.cell}>
          <span className={classes.number}>{dayjs(date).date()}</span>
          {renderContent?.(date)}
        </span>
      )}
      data-testid={testId}
    />
  );
}
