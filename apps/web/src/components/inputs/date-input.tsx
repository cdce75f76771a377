import { DatesProvider, type DateInputProps as MantineDateInputProps, DateInput as MantineDateInput } from '@mantine/dates';
import 'dayjs/locale/ro';
import { parseDisplayDate } from './input-rules';

/** Date settings of the portal: Romanian month names, weeks starting on Monday (spec §5). */
export const DATE_SETTINGS = { locale: 'ro', firstDayOfWeek: 1 } as const;

/** Display format of dates (spec §9 DATE_FORMAT default). */
export const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';

/** Romanian names of the calendar's navigation buttons (Mantine's defaults are English or empty). */
export const CALENDAR_ARIA_LABELS = {
  monthLevelControl: 'Alegeți luna',
  yearLevelControl: 'Alegeți anul',
  nextMonth: 'Luna următoare',
  previousMonth: 'Luna anterioară',
  nextYear: 'Anul următor',
  previousYear: 'Anul anterior',
  nextDecade: 'Deceniul următor',
  previousDecade: 'Deceniul anterior',
};

/** Props of `DateInput`. */
export interface DateInputProps
  extends Omit<
    MantineDateInputProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
  > {
  /** Date as the API writes it ('YYYY-MM-DD') or null. */
  value: string | null;
  /** Called with 'YYYY-MM-DD', or null when cleared. */
  onChange: (value: string | null) => void;
  /** Earliest selectable day ('YYYY-MM-DD'). */
  minDate?: string;
  /** Latest selectable day ('YYYY-MM-DD'). */
  maxDate?: string;
}

/**
 * Date field typed as zz.ll.aaaa (dd.mm.yyyy) or picked from a Romanian calendar that starts on
 * Monday; the value is always 'YYYY-MM-DD'. It carries its own DatesProvider so the locale is
 * right wherever it is used.
 */
export function DateInput({ value, onChange, placeholder = 'zz.ll.aaaa', ...rest }: DateInputProps) {
  return (
    <DatesProvider settings={DATE_SETTINGS}>
      <MantineDateInput
        {...rest}
        value={value}
        onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
        valueFormat={DISPLAY_DATE_FORMAT}
        dateParser={parseDisplayDate}
        placeholder={placeholder}
        clearable={rest.clearable ?? true}
        clearButtonProps={{ 'aria-label': 'Ștergeți data' }}
        ariaLabels={CALENDAR_ARIA_LABELS}
      />
    </DatesProvider>
  );
}
