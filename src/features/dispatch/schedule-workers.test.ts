import { describe, expect, it } from 'vitest';
import type { WorkerReplyMessage, WorkerRequestHandler } from '@/lib/worker-requests';
import { scheduleRows } from './dispatch-draft';
import { detectColumnMapping } from './parse-columns';
import { parseScheduleFile, type UploadedFile } from './parse-file';
import type { RowProgress } from './row-progress';
import { handleCheckScheduleRequest } from './schedule-checking';
import { handleReadScheduleRequest } from './schedule-reading';
import { validateScheduleRows } from './validate-rows';

// The workers themselves only wire these handlers to their messages; Node runs no Web Worker.

function fileOf(name: string, content: string): UploadedFile {
  const bytes = new TextEncoder().encode(content);
  return { name, size: bytes.length, arrayBuffer: async () => bytes.slice().buffer };
}

/** 2,500 rows, every tenth a night shift written back to front (end before start). */
function scheduleCsv(rowCount: number): string {
  const lines = ['Employee ID,First name,Last name,Vehicle,Start,End'];
  for (let index = 0; index < rowCount; index++) {
    const [start, end] =
      index % 10 === 0
        ? ['2027-01-05 22:00', '2027-01-05 06:00']
        : ['2027-01-05 06:00', '2027-01-05 14:00'];
    lines.push(`CF${10_000 + index},Driver,Number,PDX-T${index},${start},${end}`);
  }
  // A trailing line break, as spreadsheets write them, does not count as a row.
  return `${lines.join('\r\n')}\r\n`;
}

async function replies<Request, Answer>(
  handle: WorkerRequestHandler<Request, Answer, RowProgress>,
  request: Request,
): Promise<WorkerReplyMessage<Answer, RowProgress>[]> {
  const received: WorkerReplyMessage<Answer, RowProgress>[] = [];
  await handle({ requestId: 1, request }, (message) => received.push(message));
  return received;
}

describe('the schedule reading worker', () => {
  it('reports the rows read every thousand rows, then answers as parseScheduleFile does', async () => {
    const file = fileOf('week.csv', scheduleCsv(2500));
    const received = await replies(handleReadScheduleRequest, { file, locale: 'en' });
    expect(received.slice(0, -1)).toEqual([
      { requestId: 1, kind: 'progress', progress: { done: 1000, total: 2500 } },
      { requestId: 1, kind: 'progress', progress: { done: 2000, total: 2500 } },
    ]);
    expect(received.at(-1)).toEqual({
      requestId: 1,
      kind: 'answer',
      answer: await parseScheduleFile(file),
    });
  });

  it('answers with the same messages for files it cannot use', async () => {
    const received = await replies(handleReadScheduleRequest, {
      file: fileOf('empty.csv', ''),
      locale: 'en',
    });
    expect(received).toEqual([
      { requestId: 1, kind: 'answer', answer: { ok: false, message: 'The file is empty.' } },
    ]);
  });

  it("writes its messages in the page's language, which the request names", async () => {
    try {
      const received = await replies(handleReadScheduleRequest, {
        file: fileOf('empty.csv', ''),
        locale: 'fr-CA',
      });
      expect(received).toEqual([
        { requestId: 1, kind: 'answer', answer: { ok: false, message: 'Le fichier est vide.' } },
      ]);
    } finally {
      // The handlers share this thread's Lingui with the other tests: back to English.
      await replies(handleReadScheduleRequest, { file: fileOf('empty.csv', ''), locale: 'en' });
    }
  });

  it('fails with a message for users when the file cannot be read at all', async () => {
    const unreadable: UploadedFile = {
      name: 'gone.csv',
      size: 10,
      arrayBuffer: () => Promise.reject(new Error('NotReadableError')),
    };
    const received = await replies(handleReadScheduleRequest, {
      file: unreadable,
      locale: 'en',
    });
    expect(received).toEqual([
      {
        requestId: 1,
        kind: 'failed',
        message: 'The file could not be read. Save it again as CSV UTF-8 or .xlsx and retry.',
      },
    ]);
  });
});

describe('the schedule checking worker', () => {
  it('reports the rows checked every thousand rows, then answers as validateScheduleRows does', async () => {
    const parsed = await parseScheduleFile(fileOf('week.csv', scheduleCsv(2500)));
    if (!parsed.ok) throw new Error(parsed.message);
    const rows = scheduleRows({
      table: parsed.table,
      mapping: detectColumnMapping(parsed.table.headers),
      edits: {},
      removedRowIds: [],
    });
    const options = { timeZone: 'America/Los_Angeles', dateOrder: 'month-first' } as const;
    const received = await replies(handleCheckScheduleRequest, { rows, options, locale: 'en' });
    expect(received.slice(0, -1)).toEqual([
      { requestId: 1, kind: 'progress', progress: { done: 1000, total: 2500 } },
      { requestId: 1, kind: 'progress', progress: { done: 2000, total: 2500 } },
    ]);
    const expected = validateScheduleRows(rows, options);
    expect(expected.issueCount).toBe(250);
    expect(received.at(-1)).toEqual({ requestId: 1, kind: 'answer', answer: expected });
  });
});
