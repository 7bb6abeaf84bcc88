import '@mantine/dates/styles.css';
import './german-dates.css';
import { useTranslation } from 'react-i18next';

/**
 * The spec's calendar (section 2): German locale, weeks start on Monday. Dates show as DD.MM.YYYY
 * (date-picker-field.tsx); dayjs' German locale loads with the calendar (date-calendar.tsx).
 */
export const GERMAN_CALENDAR = { locale: 'de', firstDayOfWeek: 1 } as const;

/** Accessible names for the calendar's month arrows and the clear button, in the current language. */
export function useCalendarLabels() {
  const { t } = useTranslation();
  return {
    previousLabel: t('forms.calendar.previous'),
    nextLabel: t('forms.calendar.next'),
    clearButtonProps: { 'aria-label': t('forms.calendar.clear') },
  };
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The stored date (YYYY-MM-DD) if the value is one, else null as the picker wants. */
export function dateOrNull(value: unknown): string | null {
  return typeof value === 'string' && DATE_PATTERN.test(value) ? value : null;
}
