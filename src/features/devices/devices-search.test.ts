import { describe, expect, it } from 'vitest';
import { devicesSearchSchema } from './devices-search';

describe('devicesSearchSchema', () => {
  it('keeps a status the page offers and drops any other, and a group that is no ID', () => {
    expect(devicesSearchSchema({ status: 'Spare' })).toMatchObject({ status: 'Spare' });
    for (const status of ['Bogus', '<script>', 'spare']) {
      expect(devicesSearchSchema({ status, groupId: 'not-a-guid' })).toEqual({
        status: undefined,
        groupId: undefined,
      });
    }
  });
});
