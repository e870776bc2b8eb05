import { describe, expect, it } from 'vitest';
import { readServiceDate } from '@/api/tolerant-read';
import { VENDOR_DIALECT, vendorDialectRecords } from './vendor-dialect';
import { seedDb } from './index';

describe("the demo's records in the vendor's dialect", () => {
  const db = seedDb(1, new Date('2026-11-28T12:00:00Z'));
  const { root, auditEntry, spareCamera, oldestEvent } = vendorDialectRecords(db);

  it('gives each its odd value', () => {
    expect(root?.createdDate).toBe(VENDOR_DIALECT.emptyDate);
    expect(auditEntry?.servedAs?.employeeId).toBe(1234567);
    expect(spareCamera?.initialConnection).toBe(VENDOR_DIALECT.emptyDate);
    expect(oldestEvent?.eventStatusId).toBe(VENDOR_DIALECT.unknownEventStatusId);
    expect(db.eventStatuses.map((status) => status.id)).not.toContain(
      VENDOR_DIALECT.unknownEventStatusId,
    );
  });

  it('writes dates without a zone that read back as the same instant', () => {
    const served = String(auditEntry?.servedAs?.updatedDate);
    expect(served).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d$/);
    expect(Date.parse(readServiceDate(served) ?? '')).toBe(
      Math.floor(Date.parse(auditEntry?.group.updatedDate ?? '') / 100) * 100,
    );
    expect(spareCamera?.createdDate).toMatch(/\.\d$/);
  });
});
