import 'dayjs/locale/de';
import { useEffect, useRef } from 'react';
import { DatePicker } from '@mantine/dates';
import { GERMAN_CALENDAR } from './german-dates';

type DateCalendarProps = {
  value: string | null;
  onChange: (next: string | null) => void;
  previousLabel: string;
  nextLabel: string;
};

// Props DatePickerInput hands its calendar; DatePicker takes them but does not type them.
const AS_IN_DATE_PICKER_INPUT = {
  __staticSelector: 'DatePickerInput',
  __stopPropagation: true,
} as Record<string, unknown>;

const TABBABLE =
  'button:not([disabled]):not([tabindex="-1"]), input:not([disabled]):not([tabindex="-1"]), [tabindex="0"]';

/**
 * The calendar of the date fields (date-picker-field.tsx), loaded on demand: German, weeks from
 * Monday, opening on the stored month.
 */
export default function DateCalendar({ value, onChange, previousLabel, nextLabel }: DateCalendarProps) {
  const ref = useRef<HTMLDivElement>(null);

  // The popover moved focus into itself when it opened; if the calendar was still loading then, the
  // focus sits on the empty dropdown, so hand it to the calendar's first control as Mantine would.
  useEffect(() => {
    const dropdown = ref.current?.closest<HTMLElement>('[data-dates-dropdown]');
    if (!dropdown || document.activeElement !== dropdown) return;
    dropdown.querySelector<HTMLElement>(TABBABLE)?.focus({ preventScroll: true });
  }, []);

  return (
    <DatePicker
      {...AS_IN_DATE_PICKER_INPUT}
      ref={ref}
      locale={GERMAN_CALENDAR.locale}
      firstDayOfWeek={GERMAN_CALENDAR.firstDayOfWeek}
      size="sm"
      value={value}
      defaultDate={value ?? undefined}
      onChange={onChange}
      previousLabel={previousLabel}
      nextLabel={nextLabel}
    />
  );
}
