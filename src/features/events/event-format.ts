import { t } from '@lingui/core/macro';
import type { SafetyEvent, SafetyEventNote } from '@/api/safety-events';
import { getDisplayPreferences } from '@/lib/display-preferences';
import { dateTimeFormat, formatNumber } from '@/lib/format';
import { formatOffset } from '@/lib/local-date';
import { safeFileName } from './safe-file-name';

/** "−0.62 g"; two decimals, with a real minus sign. */
export function formatGForce(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return `${formatNumber(value, digits).replace('-', '−')} g`;
}

/** "UTC−07:00" for an offset in signed minutes. */
export function formatUtcOffset(offsetMinutes: number): string {
  return `UTC${formatOffset(offsetMinutes, '−')}`;
}

// Formatting a shifted instant in UTC shows the wall-clock time where the event happened.
const RECORD_TIME: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
};
const SHORT_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

type RecordTime = Pick<SafetyEvent, 'recordDateUTC' | 'recordDateUTCOffset' | 'recordDateTZ'>;

function formatAtEventZone(event: RecordTime, options: Intl.DateTimeFormatOptions): string {
  const time = Date.parse(event.recordDateUTC);
  if (Number.isNaN(time)) return event.recordDateUTC;
  const local = dateTimeFormat({ ...options, timeZone: 'UTC' }).format(
    time + event.recordDateUTCOffset * 60_000,
  );
  // Without the zone's name the offset still tells where the clock stood.
  return `${local} ${event.recordDateTZ || formatUtcOffset(event.recordDateUTCOffset)}`;
}

/** The time on the road where the event happened, with its zone: "Mar 3, 2025, 2:03:22 PM PST". */
export function formatRecordTime(event: RecordTime): string {
  return formatAtEventZone(event, RECORD_TIME);
}

/** The queue's compact form: "Mar 3, 2:03 PM PST". */
export function formatShortRecordTime(event: RecordTime): string {
  return formatAtEventZone(event, SHORT_TIME);
}

/** "Mar 3, 2:03 PM" in the reader's zone (the browser's or the chosen one, then with its name). */
export function formatShortLocalTime(utc: string): string {
  const time = Date.parse(utc);
  return Number.isNaN(time) ? utc : dateTimeFormat(SHORT_TIME).format(time);
}

/**
 * An event's time as the reader chose in Settings: in the browser's zone, in a chosen zone, or where
 * it happened (each labelled with its zone wherever it is not the browser's).
 */
export function formatEventTime(event: RecordTime, length: 'short' | 'long' = 'long'): string {
  if (getDisplayPreferences().eventTimeZone === 'event') {
    return length === 'short' ? formatShortRecordTime(event) : formatRecordTime(event);
  }
  const time = Date.parse(event.recordDateUTC);
  if (Number.isNaN(time)) return event.recordDateUTC;
  return dateTimeFormat(
    length === 'short' ? SHORT_TIME : { ...RECORD_TIME, timeZone: undefined },
  ).format(time);
}

/** The service's own name for the event (`EVT-2025-000123`), safe on every file system. */
export function eventFileBase(event: Pick<SafetyEvent, 'id' | 'customerEventId'>): string {
  return safeFileName(event.customerEventId, event.id);
}

/** The event's file under the service's name for it: `EVT-2025-000123.mp4`. */
export function eventFileName(
  event: Pick<SafetyEvent, 'id' | 'customerEventId'>,
  extension: 'mp4' | 'dce',
): string {
  return `${eventFileBase(event)}.${extension}`;
}

export type NoteKind = 'Review' | 'Coaching' | 'Event' | 'Note';

/** A note's kind as a heading names it: "Review note". */
export function noteKindLabel(kind: NoteKind): string {
  switch (kind) {
    case 'Review':
      return t`Review note`;
    case 'Coaching':
      return t`Coaching note`;
    case 'Event':
      return t`Event note`;
    case 'Note':
      return t`Note`;
  }
}

/** The four note lists can repeat a note (the service copies notes into their kind): show it once. */
export function collectNotes(event: SafetyEvent): { note: SafetyEventNote; kind: NoteKind }[] {
  const byId = new Map<string, { note: SafetyEventNote; kind: NoteKind }>();
  const add = (notes: SafetyEventNote[] | null | undefined, kind: NoteKind) => {
    for (const note of notes ?? []) {
      const key = String(note.id);
      if (!byId.has(key)) byId.set(key, { note, kind });
    }
  };
  add(event.reviewNotes, 'Review');
  add(event.coachingSessionNotes, 'Coaching');
  add(event.eventNotes, 'Event');
  add(event.notes, 'Note');
  return [...byId.values()].sort((a, b) => a.note.creationDate.localeCompare(b.note.creationDate));
}

export function personName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string | null {
  return [firstName, lastName].filter(Boolean).join(' ') || null;
}

/** A position in a clip, "0:08.47": hundredths show each frame when stepping through. */
export function formatClipTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const hundredths = Math.round(safe * 100);
  const minutes = Math.floor(hundredths / 6000);
  const rest = (hundredths % 6000) / 100;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

/** "1.2 MB" for download progress. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    const byteCount = formatNumber(bytes);
    return t`${byteCount} B`;
  }
  if (bytes < 1024 * 1024) {
    const kilobytes = formatNumber(Math.round(bytes / 1024));
    return t`${kilobytes} KB`;
  }
  const megabytes = formatNumber(bytes / (1024 * 1024), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return t`${megabytes} MB`;
}
