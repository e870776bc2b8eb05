const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A date-time for people, in their own time zone; "—" for nothing, the raw text if unparsable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTimeFormat.format(time);
}

/** The same value as a Date, for sorting and exports; null for nothing or an unparsable text. */
export function parseDateTime(value: string | null | undefined): Date | null {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
}
