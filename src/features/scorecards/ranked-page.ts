import { toPage, type Page, type PageRequest } from '@/api/paging';
import {
  scorecardRow,
  type ScorecardRow,
  type ScorecardSnapshot,
  type ScorecardTable,
} from './aggregate';

export interface RankedRow extends ScorecardRow {
  /** Place in the ranking's current order, from 1. */
  rank: number;
}

/** The rows of one page of a ranking, read out of its table in ranking order. */
export function rankedPage(
  snapshot: ScorecardSnapshot,
  table: ScorecardTable,
  order: Uint32Array,
  request: PageRequest,
): Page<RankedRow> {
  const start = request.pageIndex * request.pageSize;
  const rows = Array.from(
    order.subarray(start, start + request.pageSize),
    (index, offset): RankedRow => ({
      ...scorecardRow(snapshot, table, index),
      rank: start + offset + 1,
    }),
  );
  return toPage(rows, order.length, request);
}
