import { useMemo } from 'react';
import { useDisplayPreferences } from './display-preferences';
import { displayTimeZone } from './format';
import { checkedLocalDate, toLocalDateString } from './local-date';

/**
 * Today where the reader's clock is (see `today`), stable for the whole day so query keys stay
 * put, and new when the day or the chosen zone changes.
 */
export function useToday(): Date {
  const preferences = useDisplayPreferences();
  const day = toLocalDateString(new Date(), displayTimeZone(preferences));
  return useMemo(() => checkedLocalDate(day), [day]);
}
