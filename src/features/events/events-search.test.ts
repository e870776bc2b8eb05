import { describe, expect, it } from 'vitest';
import { readIdList } from '@/lib/search-params';
import {
  countFilters,
  filtersOf,
  queueParams,
  resolveDayRange,
  validateEventPageSearch,
  validateEventsQueueSearch,
  validateEventsSearch,
} from './events-search';

const GROUP = '880e60d8-fbed-217a-1720-6511d9f16361';
const EVENT = '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
// A fixed local "today" (months are 0-based): 2025-03-12.
const today = new Date(2025, 2, 12, 15, 30);

describe('URL readers for the queue', () => {
  it('reads ID lists from the router’s arrays and from hand-written comma lists', () => {
    expect(readIdList([3, 1, 3])).toEqual([1, 3]);
    expect(readIdList('2,1, 2')).toEqual([1, 2]);
    expect(readIdList(5)).toEqual([5]);
    expect(readIdList(['4', 'x', -1, 1.5, 0])).toEqual([4]);
    expect(readIdList('nothing')).toBeUndefined();
    expect(readIdList([])).toBeUndefined();
    expect(readIdList(undefined)).toBeUndefined();
  });

  it('keeps every valid filter and drops the invalid ones', () => {
    expect(
      validateEventsSearch({
        from: '2025-03-01',
        to: '2025-03-05',
        dateOption: 'lastUpdatedDate',
        groupId: GROUP,
        subgroups: false,
        triggers: [5],
        subtypes: '7,8',
        statuses: [1, 2],
        behaviors: 'bad',
        risks: [2],
        driverId: 'not-a-guid',
        vehicleId: EVENT,
        deviceId: ' ER946234 ',
        sortBy: 'nonsense',
        sortDirection: 'asc',
        unknown: 'x',
      }),
    ).toEqual({
      from: '2025-03-01',
      to: '2025-03-05',
      dateOption: 'lastUpdatedDate',
      groupId: GROUP,
      subgroups: false,
      triggers: [5],
      subtypes: [7, 8],
      statuses: [1, 2],
      risks: [2],
      vehicleId: EVENT,
      deviceId: 'ER946234',
      sortDirection: 'asc',
    });
  });

  it('reads a coaching backlog: a coach GUID or none, and only a true awaiting flag', () => {
    expect(validateEventsSearch({ coach: GROUP, awaitingCoaching: true })).toEqual({
      coach: GROUP,
      awaitingCoaching: true,
    });
    expect(validateEventsSearch({ coach: 'none', awaitingCoaching: 'true' })).toEqual({
      coach: 'none',
      awaitingCoaching: true,
    });
    expect(validateEventsSearch({ coach: 'someone', awaitingCoaching: false })).toEqual({});
  });

  it('writes nothing for defaults, so a plain /events stays a plain URL', () => {
    expect(validateEventsSearch({})).toEqual({});
    expect(validateEventsSearch({ subgroups: true })).toEqual({});
  });

  it('drops a range that ends before it starts', () => {
    expect(validateEventsSearch({ from: '2025-03-05', to: '2025-03-01' })).toEqual({});
  });

  it('keeps the queue’s selection apart from its filters', () => {
    const search = validateEventsQueueSearch({ selected: EVENT, triggers: [1] });
    expect(search).toEqual({ selected: EVENT, triggers: [1] });
    expect(filtersOf(search)).toEqual({ triggers: [1] });
    expect(validateEventsQueueSearch({ selected: 'x' })).toEqual({});
  });
});

describe('URL readers for an event page', () => {
  it('keeps the queue’s filters and a start for the video, to the hundredth', () => {
    expect(validateEventPageSearch({ triggers: [2], t: 12 })).toEqual({ triggers: [2], t: 12 });
    expect(validateEventPageSearch({ t: '8' })).toEqual({ t: 8 });
    expect(validateEventPageSearch({ t: 0 })).toEqual({ t: 0 });
    expect(validateEventPageSearch({ t: 3.96 })).toEqual({ t: 3.96 });
    expect(validateEventPageSearch({ t: '1.239' })).toEqual({ t: 1.24 });
  });

  it('drops a start that is no clip position', () => {
    for (const t of [-1, '-1', 'soon', '1e3', 100_000, Infinity, null]) {
      expect(validateEventPageSearch({ t })).toEqual({});
    }
  });

  it('gives the queue page no start', () => {
    expect(validateEventsQueueSearch({ t: 12 })).toEqual({});
  });
});

describe('the date range', () => {
  it('defaults to the last seven days up to today', () => {
    expect(resolveDayRange({}, today)).toEqual({ fromDay: '2025-03-06', toDay: '2025-03-12' });
  });

  it('fills a missing end with today and a missing start with seven days before the end', () => {
    expect(resolveDayRange({ from: '2025-02-01' }, today)).toEqual({
      fromDay: '2025-02-01',
      toDay: '2025-03-12',
    });
    expect(resolveDayRange({ to: '2025-02-10' }, today)).toEqual({
      fromDay: '2025-02-04',
      toDay: '2025-02-10',
    });
    expect(resolveDayRange({ from: '2025-04-01' }, today)).toEqual({
      fromDay: '2025-04-01',
      toDay: '2025-04-01',
    });
  });
});

describe('service parameters', () => {
  it('sends the service filters, record-time defaults, and subgroups only with a group', () => {
    const params = queueParams({ triggers: [2], subtypes: [9], risks: [1] }, today);
    expect(params).toMatchObject({
      dateOption: 'recordDate',
      sortBy: 'recordDate',
      sortDirection: 'desc',
      triggers: [2],
      includeSubgroups: undefined,
    });
    expect(params).not.toHaveProperty('subtypes');
    expect(params).not.toHaveProperty('triggerSubTypes');
    expect(queueParams({ groupId: GROUP }, today).includeSubgroups).toBe(true);
    expect(queueParams({ groupId: GROUP, subgroups: false }, today).includeSubgroups).toBe(false);
  });

  it('counts with the subtype filter, which the ID list can apply itself', () => {
    expect(countFilters({ subtypes: [9], risks: [1] }, today)).toMatchObject({
      triggerSubTypes: [9],
    });
  });
});

describe('the page an event was opened from', () => {
  it('keeps a path of the console with its search, to return to', () => {
    const back = `/scorecards/drivers/${GROUP}?from=2025-03-01&to=2025-03-12`;
    expect(validateEventPageSearch({ driverId: GROUP, back })).toEqual({ driverId: GROUP, back });
  });

  it('drops another site, the sign-in page and anything that is no path', () => {
    for (const back of [
      'https://example.com/',
      '//example.com/x',
      '/\\example.com',
      '/login?redirect=/',
      'scorecards',
      42,
    ]) {
      expect(validateEventPageSearch({ back })).toEqual({});
    }
  });
});
