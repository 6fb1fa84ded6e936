import { PageUnderConstruction } from '../../../components/page-under-construction.tsx';

/** /calendar: day, week and month views of orders, and blocked time. */
export function CalendarPage() {
  return <PageUnderConstruction title="Calendar" area="the order calendar" />;
}
