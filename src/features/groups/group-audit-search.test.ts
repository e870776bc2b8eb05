// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  auditWindow,
  defaultAuditDays,
  groupAuditListParams,
  parseDay,
  groupAuditSearchSchema,
} from './group-audit-search';

const today = new Date(2025, 2, 20, 15, 30); // 20 March 2025, local time

describe('groupAuditSearchSchema', () => {
  it('keeps valid filters and drops the rest', () => {
    expect(
      groupAuditSearchSchema({
        action: 'MOVE',
        groupId: '880e60d8-fbed-217a-1720-6511d9f16361',
        subgroups: 'true',
        user: ' maria.lopez ',
        from: '2025-03-14',
        to: '2025-02-30',
        page: '2',
        pageSize: '500',
      }),
    ).toEqual({
      action: 'MOVE',
      groupId: '880e60d8-fbed-217a-1720-6511d9f16361',
      subgroups: true,
      user: 'maria.lopez',
      from: '2025-03-14',
      page: 2,
    });
    expect(groupAuditSearchSchema({ action: 'RENAME' })).toEqual({});
    // A group ID that is not one never reaches the service.
    expect(groupAuditSearchSchema({ groupId: 'not-a-guid' }).groupId).toBeUndefined();
  });

  it("keeps a shared link's columns, which the service request leaves out", () => {
    const search = groupAuditSearchSchema({ action: 'MOVE', columns: 'name,action' });
    expect(search).toEqual({ action: 'MOVE', columns: 'name,action' });
    const window = auditWindow(search, today);
    if (!window.ok) throw new Error('expected a window');
    expect(groupAuditListParams(search, window)).not.toHaveProperty('columns');
  });
});

describe('auditWindow', () => {
  it('defaults to the last seven days, today included', () => {
    expect(defaultAuditDays(today)).toEqual({ from: '2025-03-14', to: '2025-03-20' });
    const window = auditWindow({}, today);
    expect(window).toMatchObject({ ok: true, from: '2025-03-14', to: '2025-03-20' });
    if (!window.ok) throw new Error('expected a window');
    expect(Date.parse(window.startDate)).toBe(parseDay('2025-03-14').getTime());
    expect(Date.parse(window.endDate) - Date.parse(window.startDate)).toBeLessThanOrEqual(
      7 * 86_400_000,
    );
  });

  it('refuses more than seven days, explaining the limit', () => {
    const window = auditWindow({ from: '2025-03-01', to: '2025-03-08' }, today);
    expect(window).toMatchObject({ ok: false });
    if (window.ok) throw new Error('expected a refusal');
    expect(window.message).toContain('at most 7 days at a time, and this range has 8');
  });

  it('refuses days before the audit history starts, in the future, or in the wrong order', () => {
    const early = auditWindow({ from: '2024-09-01', to: '2024-09-05' }, today);
    expect(early.ok || early.message).toContain('Audit logs go back to');
    const future = auditWindow({ from: '2025-03-21', to: '2025-03-22' }, today);
    expect(future.ok || future.message).toBe('The first day cannot be in the future.');
    const backwards = auditWindow({ from: '2025-03-10', to: '2025-03-09' }, today);
    expect(backwards.ok || backwards.message).toBe(
      'The last day must be on or after the first day.',
    );
    const half = auditWindow({ from: '2025-03-10' }, today);
    expect(half.ok || half.message).toBe('Choose both a first and a last day.');
  });

  it('never starts before the first instant the service keeps, whatever the time zone', () => {
    const window = auditWindow({ from: '2024-09-04', to: '2024-09-05' }, today);
    if (!window.ok) throw new Error('expected a window');
    expect(Date.parse(window.startDate)).toBeGreaterThanOrEqual(Date.parse('2024-09-04T00:00:00Z'));
  });
});

describe('groupAuditListParams', () => {
  it('maps the filters onto the service parameters, newest first', () => {
    const search = { action: 'CREATE' as const, groupId: 'g1', user: 'maria.lopez', page: 3 };
    const window = auditWindow(search, today);
    if (!window.ok) throw new Error('expected a window');
    expect(groupAuditListParams(search, window)).toEqual({
      page: { pageIndex: 2, pageSize: 25 },
      action: 'CREATE',
      groupIdentifier: 'g1',
      includeSubgroups: false,
      userIdentifier: 'maria.lopez',
      startDate: window.startDate,
      endDate: window.endDate,
      sort: 'UpdatedDate',
      order: 'desc',
    });
  });
});
