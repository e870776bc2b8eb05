import { describe, expect, it } from 'vitest';
import { z } from '@/api/zod';
import { toPage } from './paging';
import { readReportOf, unreadableField, unreadableFields } from './read-report';
import { readServiceDate } from './tolerant-read';
import { readTolerantly } from './tolerant-repair';

const auditEntry = z.object({
  id: z.string(),
  name: z.string(),
  employeeId: z.string().nullish(),
  revision: z.number().nullish(),
  updatedDate: z.string().nullish(),
  action: z.string().nullish(),
});
const auditList = z.object({
  data: z.array(auditEntry),
  metadata: z.object({ count: z.number() }),
});

function read<T>(schema: z.ZodType<T>, json: unknown) {
  const result = readTolerantly(schema, structuredClone(json), 'GET /groups/auditLogs');
  if (!result.success) throw new Error(result.details.join('; '));
  return result;
}

describe('readTolerantly', () => {
  it('reads an answer that matches as it is, with no report', () => {
    const result = read(auditList, {
      data: [{ id: 'a', name: 'Fleet', employeeId: 'E1' }],
      metadata: { count: 1 },
    });
    expect(result.report).toBeNull();
    expect(readReportOf(result.data)).toBeNull();
    expect(unreadableFields(result.data.data[0])).toBeUndefined();
  });

  it("reads the vendor example's numeric employee ID as its text", () => {
    // The Groups API's example audit entry carries `employeeId: 1234567` where a string is declared.
    const result = read(auditList, {
      data: [{ id: 'a', name: 'Fleet', employeeId: 1234567 }],
      metadata: { count: 1 },
    });
    expect(result.data.data[0]?.employeeId).toBe('1234567');
    expect(result.report).toBeNull();
  });

  it('reads a number sent as text when it is one, and only then', () => {
    const result = read(auditList, {
      data: [
        { id: 'a', name: 'A', revision: '12' },
        { id: 'b', name: 'B', revision: 'twelve' },
      ],
      metadata: { count: '2' },
    });
    expect(result.data.metadata.count).toBe(2);
    expect(result.data.data[0]?.revision).toBe(12);
    expect(result.data.data[1]?.revision).toBeUndefined();
    expect(unreadableField(result.data.data[1], 'revision')).toEqual({
      sent: '"twelve"',
      reason: expect.stringContaining('number'),
    });
  });

  it('keeps a record whose field cannot be read, the field marked with what was sent and why', () => {
    const result = read(auditList, {
      data: [{ id: 'a', name: 'Fleet', action: { code: 7 } }],
      metadata: { count: 1 },
    });
    const [entry] = result.data.data;
    expect(entry?.name).toBe('Fleet');
    expect(entry?.action).toBeUndefined();
    expect(unreadableField(entry, 'action')?.sent).toBe('{"code":7}');
    expect(result.report).toMatchObject({
      operation: 'GET /groups/auditLogs',
      unreadableFields: 1,
      skippedRecords: 0,
    });
    expect(result.report?.details[0]).toMatch(/^data\.0\.action: .*sent: \{"code":7\}/);
    expect(readReportOf(result.data)).toEqual(result.report);
    // A page's own copy of the record ({...entry, rowKey}) keeps the mark; JSON never carries it.
    expect(unreadableField({ ...entry, rowKey: 'a|1' }, 'action')).toBeDefined();
    expect(JSON.stringify(entry)).toBe('{"id":"a","name":"Fleet"}');
  });

  it('keeps a record whose required text cannot be read as empty text, marked unreadable', () => {
    const result = read(auditList, {
      data: [{ id: 'a', name: ['not', 'a', 'name'] }],
      metadata: { count: 1 },
    });
    expect(result.data.data).toHaveLength(1);
    expect(result.data.data[0]?.name).toBe('');
    expect(unreadableField(result.data.data[0], 'name')?.sent).toBe('["not","a","name"]');
  });

  it('skips a record that cannot be read at all (no usable ID), and keeps the list', () => {
    const result = read(auditList, {
      data: [
        { id: { guid: 'x' }, name: 'Lost' },
        { id: 'b', name: 'Kept' },
      ],
      metadata: { count: 2 },
    });
    expect(result.data.data.map((entry) => entry.name)).toEqual(['Kept']);
    expect(result.report).toMatchObject({ skippedRecords: 1 });
    expect(result.report?.details.some((line) => line.startsWith('data.0: skipped'))).toBe(true);
  });

  it('fails only when the answer as a whole cannot be read', () => {
    const result = readTolerantly(auditList, 'nonsense', 'GET /groups/auditLogs');
    expect(result.success).toBe(false);
  });

  it('reads a single record with an unreadable field, without losing it', () => {
    const result = read(auditEntry, { id: 'a', name: 'Fleet', revision: { big: true } });
    expect(result.data.name).toBe('Fleet');
    expect(unreadableField(result.data, 'revision')).toBeDefined();
  });

  it("reads .NET's empty date as not set and a date without a zone as UTC", () => {
    const result = read(auditList, {
      data: [
        { id: 'a', name: 'A', updatedDate: '0001-01-01T00:00:00' },
        { id: 'b', name: 'B', updatedDate: '2024-09-06T22:26:09.84' },
        { id: 'c', name: 'C', updatedDate: '2024-09-06T22:26:09+02:00' },
      ],
      metadata: { count: 3 },
    });
    expect(result.data.data.map((entry) => entry.updatedDate)).toEqual([
      null,
      '2024-09-06T22:26:09.84Z',
      '2024-09-06T22:26:09+02:00',
    ]);
  });
});

describe('readServiceDate', () => {
  it.each([
    ['0001-01-01T00:00:00', null],
    ['0001-01-01T00:00:00Z', null],
    ['0001-01-01T00:00:00.000+00:00', null],
    ['0001-01-01', null],
    ['2024-09-06T22:26:09', '2024-09-06T22:26:09Z'],
    ['2024-09-06T22:26', '2024-09-06T22:26Z'],
    ['2024-09-06T22:26:09.1234567Z', '2024-09-06T22:26:09.1234567Z'],
    ['2024-09-06', '2024-09-06'],
    ['PDX-T101', 'PDX-T101'],
  ])('%s → %s', (sent, read) => {
    expect(readServiceDate(sent)).toBe(read);
  });
});

describe('toPage with nonsense metadata', () => {
  const request = { pageIndex: 0, pageSize: 25 };
  it.each([
    ['a negative count', -85403456],
    ['a fractional count', 3.5],
    ['a count below the rows that arrived', 2],
    ['an absurd count', 1e300],
  ])('treats %s as no count, offering a next page only after a full one', (_, count) => {
    const page = toPage(['a', 'b', 'c', 'd'], count, request);
    expect(page.total).toBeNull();
    expect(page.hasMore).toBe(false);
  });

  it('offers a next page after a full page when the count cannot be believed', () => {
    const page = toPage(
      Array.from({ length: 25 }, (_, index) => index),
      -1,
      request,
    );
    expect(page).toMatchObject({ total: null, hasMore: true });
  });

  it('keeps a count that can be true', () => {
    expect(toPage(['a'], 40, request)).toMatchObject({ total: 40, hasMore: true });
  });
});
