import '@mantine/dates/styles.layer.css';
import { useLingui } from '@lingui/react/macro';
import { DatePickerInput, type DatePickerInputProps, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';

export interface DayRange {
  /** First and last day, YYYY-MM-DD, both included. */
  from: string | undefined;
  to: string | undefined;
}

/**
 * A list's range of whole days, bound to URL values. The first click only starts a range: the
 * URL (and the request) changes once both ends are picked, or both are cleared.
 */
export function ListDayRangeFilter({
  from,
  to,
  onChange,
  width = 260,
  ...pickerProps
}: Omit<DatePickerInputProps<'range'>, 'type' | 'value' | 'onChange' | 'w'> &
  DayRange & {
    onChange: (range: DayRange) => void;
    width?: number;
  }) {
  const { t } = useLingui();
  const [pickedDays, setPickedDays] = useState<DatesRangeValue<string> | null>(null);
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      valueFormat={t({
        comment:
          'A dayjs date format (MMM: short month name, D: day, YYYY: year), e.g. "Dec 2, 2026".',
        message: 'MMM D, YYYY',
      })}
      {...pickerProps}
      value={pickedDays ?? [from ?? null, to ?? null]}
      onChange={(days) => {
        const [first, last] = days;
        const whole = (first && last) || (!first && !last);
        setPickedDays(whole ? null : days);
        if (whole) onChange({ from: first ?? undefined, to: last ?? undefined });
      }}
      w={{ base: '100%', sm: width }}
    />
  );
}
