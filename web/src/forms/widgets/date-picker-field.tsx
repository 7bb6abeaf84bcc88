import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { PickerInputBase, type PickerInputBaseProps } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

// The calendar (and @mantine/dates' levels with dayjs' German locale) only loads once the author
// opens it or points at the field: the edit screen shows date fields but rarely needs the calendar.
const loadCalendar = () => import('./date-calendar');
const DateCalendar = lazy(loadCalendar);

type DatePickerFieldProps = Omit<
  PickerInputBaseProps,
  | 'children'
  | 'formattedValue'
  | 'dropdownHandlers'
  | 'dropdownOpened'
  | 'onClear'
  | 'shouldClear'
  | 'value'
  | 'type'
  | 'onChange'
> & {
  /** The date as YYYY-MM-DD, or null when none is set. */
  value: string | null;
  onChange: (next: string | null) => void;
  /** Accessible names of the calendar's month arrows. */
  previousLabel: string;
  nextLabel: string;
};

/** YYYY-MM-DD as the spec's DD.MM.YYYY (section 2). */
function germanDate(value: string | null): string | null {
  if (!value) return null;
  const [year, month, day] = value.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Mantine's DatePickerInput, put together from its parts so that the calendar is a chunk of its own:
 * the same button, clear button and popover (focus trapped inside, closed on pick), with the class
 * names of DatePickerInput so its styles and german-dates.css apply unchanged. The picker is a button,
 * which takes no aria-required (ARIA allows it on inputs, not on buttons): a required field's
 * aria-required, as feedbackProps gives it, is dropped here, and the label's asterisk says it.
 */
export function DatePickerField({
  value,
  onChange,
  previousLabel,
  nextLabel,
  onPointerEnter,
  onFocus,
  'aria-required': _notOnAButton,
  ...others
}: DatePickerFieldProps) {
  const { t } = useTranslation();
  const [opened, handlers] = useDisclosure(false);
  const pick = (next: string | null) => {
    handlers.close();
    onChange(next);
  };
  return (
    <PickerInputBase
      {...others}
      type="default"
      __staticSelector="DatePickerInput"
      value={value}
      formattedValue={germanDate(value)}
      dropdownOpened={opened}
      dropdownHandlers={handlers}
      // Mantine leaves focus on the page's body once a day is picked or Escape closes the calendar;
      // keyboard users get it back on the field's button.
      popoverProps={{ returnFocus: true }}
      onClear={() => pick(null)}
      shouldClear={value !== null}
      onPointerEnter={(event) => {
        void loadCalendar();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        void loadCalendar();
        onFocus?.(event);
      }}
    >
      <Suspense fallback={<Loader size="sm" m="md" role="progressbar" aria-label={t('common.loading')} />}>
        <DateCalendar value={value} onChange={pick} previousLabel={previousLabel} nextLabel={nextLabel} />
      </Suspense>
    </PickerInputBase>
  );
}
