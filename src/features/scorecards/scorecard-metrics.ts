/**
 * The numbers each scorecard row carries, in the order of a row's slice of its table. Kept apart
 * from the aggregation: route search validation reads the names, and routes load with /login.
 */
export const scorecardMetrics = [
  'events',
  'riskScore',
  'averageScore',
  'reviewed',
  'coached',
  'awaitingCoaching',
  'overdue',
  /** Risk score of the window's second half less its first half: above 0 is getting worse. */
  'trendChange',
  'lastEventMs',
] as const;
export type ScorecardMetric = (typeof scorecardMetrics)[number];
