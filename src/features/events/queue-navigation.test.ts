import { describe, expect, it } from 'vitest';
import { locateInQueue, stepSelection, type QueueSnapshot } from './queue-navigation';

describe('moving the selection in the queue', () => {
  it('moves within the loaded rows', () => {
    expect(stepSelection(0, 1, 3, false)).toEqual({ kind: 'select', index: 1 });
    expect(stepSelection(2, -1, 3, false)).toEqual({ kind: 'select', index: 1 });
  });

  it('selects the first row when nothing is selected yet', () => {
    expect(stepSelection(-1, 1, 3, false)).toEqual({ kind: 'select', index: 0 });
    expect(stepSelection(-1, -1, 3, false)).toEqual({ kind: 'select', index: 0 });
  });

  it('asks for the next page past the last loaded row while the service has more', () => {
    expect(stepSelection(2, 1, 3, true)).toEqual({ kind: 'load-more' });
    expect(stepSelection(-1, 1, 0, true)).toEqual({ kind: 'load-more' });
  });

  it('stops at either end of the whole queue', () => {
    expect(stepSelection(2, 1, 3, false)).toEqual({ kind: 'edge' });
    expect(stepSelection(0, -1, 3, true)).toEqual({ kind: 'edge' });
    expect(stepSelection(-1, 1, 0, false)).toEqual({ kind: 'edge' });
  });
});

const queue = (overrides: Partial<QueueSnapshot> = {}): QueueSnapshot => ({
  ids: ['a', 'b', 'c'],
  loadedCount: 3,
  hasMore: false,
  pending: false,
  ...overrides,
});

describe('finding an event’s neighbours in the queue it was opened from', () => {
  it('waits for the first page', () => {
    expect(locateInQueue(queue({ pending: true, ids: [] }), 'a', undefined)).toEqual({
      kind: 'pending',
    });
  });

  it('gives the previous and next events, comparing IDs without case', () => {
    expect(locateInQueue(queue(), 'B', undefined)).toEqual({
      kind: 'found',
      index: 1,
      previousId: 'a',
      nextId: 'c',
      needsMore: false,
    });
    expect(locateInQueue(queue(), 'a', undefined)).toMatchObject({ previousId: null });
  });

  it('needs the next page to know what follows the last loaded event', () => {
    expect(locateInQueue(queue({ hasMore: true }), 'c', undefined)).toEqual({
      kind: 'found',
      index: 2,
      previousId: 'b',
      nextId: null,
      needsMore: true,
    });
    expect(locateInQueue(queue({ hasMore: false }), 'c', undefined)).toMatchObject({
      nextId: null,
      needsMore: false,
    });
  });

  it('asks the ID list where an event is before loading more pages for it', () => {
    expect(locateInQueue(queue({ hasMore: true }), 'z', undefined)).toEqual({
      kind: 'needs-position',
    });
  });

  it('loads pages until the position the ID list gave is loaded', () => {
    const position = { position: 450, complete: true };
    expect(locateInQueue(queue({ hasMore: true, loadedCount: 200 }), 'z', position)).toEqual({
      kind: 'needs-more',
    });
    expect(
      locateInQueue(queue({ hasMore: true, ids: ['a'], loadedCount: 600 }), 'z', position),
    ).toEqual({ kind: 'outside', reason: 'not-in-queue' });
  });

  it('says when the event is not in the queue, or beyond the part that was searched', () => {
    expect(locateInQueue(queue(), 'z', undefined)).toEqual({
      kind: 'outside',
      reason: 'not-in-queue',
    });
    expect(
      locateInQueue(queue({ hasMore: true }), 'z', { position: null, complete: true }),
    ).toEqual({ kind: 'outside', reason: 'not-in-queue' });
    expect(
      locateInQueue(queue({ hasMore: true }), 'z', { position: null, complete: false }),
    ).toEqual({ kind: 'outside', reason: 'too-far' });
  });
});
