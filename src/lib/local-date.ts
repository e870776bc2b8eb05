/** Calendar days as the user sees them (local time), written YYYY-MM-DD for URLs and date pickers. */
export function toLocalDateString(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Local midnight at the start of a YYYY-MM-DD day; null for anything else. */
export function parseLocalDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toLocalDateString(date) === value ? date : null;
}

/** The same local time `days` calendar days later (or earlier), across daylight-saving changes. */
export function addLocalDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** The last `days` calendar days up to and including today. */
export function lastLocalDays(
  days: number,
  today: Date = new Date(),
): { from: string; to: string } {
  return {
    from: toLocalDateString(addLocalDays(today, -(days - 1))),
    to: toLocalDateString(today),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "14:05", or "14:05:09" when the seconds are set: the user's wall clock, for files. */
function localClockText(date: Date): string {
  const clock = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return date.getSeconds() ? `${clock}:${twoDigits(date.getSeconds())}` : clock;
}

/** A moment as the user's clock shows it, "2026-11-24 14:05": text spreadsheets read as a date. */
export function toLocalDateTimeText(date: Date): string {
  return `${toLocalDateString(date)} ${localClockText(date)}`;
}

/** The user's wall-clock time without a zone, "2026-11-24T14:05:09.250", for spreadsheet dates. */
export function toLocalIsoDateTime(date: Date): string {
  const milliseconds = String(date.getMilliseconds()).padStart(3, '0');
  return (
    `${toLocalDateString(date)}T${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:` +
    `${twoDigits(date.getSeconds())}.${milliseconds}`
  );
}
