import { describe, expect, it } from 'vitest';
import { queueSummary } from './queue-summary';

describe('queue summary', () => {
  it('compares what is loaded with the service’s total', () => {
    expect(
      queueSummary({ total: 1234, loaded: 200, shown: 200, hasMore: true, riskFiltered: false }),
    ).toMatch(/^200 of 1[,.\s]?234 events loaded$/);
    expect(
      queueSummary({ total: 3, loaded: 3, shown: 3, hasMore: false, riskFiltered: false }),
    ).toBe('3 events · all loaded');
    expect(
      queueSummary({ total: undefined, loaded: 1, shown: 1, hasMore: false, riskFiltered: false }),
    ).toBe('1 event loaded');
  });

  it('says the dynamic-risk filter applies to loaded events only', () => {
    expect(
      queueSummary({ total: 900, loaded: 400, shown: 12, hasMore: true, riskFiltered: true }),
    ).toBe(
      '12 of 400 events loaded carry the chosen dynamic risks · 900 events match the other filters on the service',
    );
  });
});
