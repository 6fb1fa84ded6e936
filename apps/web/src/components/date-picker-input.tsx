import '@mantine/dates/styles.css';

/** Mantine's date picker with its styles: loaded lazily through lazy-date-picker-input.tsx. */
export { DatePickerInput } from '@mantine/dates';
