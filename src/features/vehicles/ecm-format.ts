import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { EcmLocation } from '@/api/ecm';
import { formatNumber } from '@/lib/format';

/** The eight compass points, abbreviated as each language does (O for west in Spanish and French). */
const compassPoints = [
  msg({ message: 'N', context: 'compass point: north' }),
  msg({ message: 'NE', context: 'compass point: north-east' }),
  msg({ message: 'E', context: 'compass point: east' }),
  msg({ message: 'SE', context: 'compass point: south-east' }),
  msg({ message: 'S', context: 'compass point: south' }),
  msg({ message: 'SW', context: 'compass point: south-west' }),
  msg({ message: 'W', context: 'compass point: west' }),
  msg({ message: 'NW', context: 'compass point: north-west' }),
];

/** The nearest of the eight compass points to a heading in degrees, in the reader's language. */
export function compassPoint(degrees: number): string {
  // Taken modulo 8, the index is always one of the eight points.
  const point = compassPoints[Math.round((((degrees % 360) + 360) % 360) / 45) % 8];
  return point ? i18n._(point) : '';
}

/** "270° (W)". */
export function formatHeading(degrees: number | null | undefined): string {
  if (degrees == null) return '—';
  const heading = formatNumber(degrees, { maximumFractionDigits: 0 });
  const point = compassPoint(degrees);
  return t`${heading}° (${point})`;
}

/** "45.52345, -122.67621", with the chosen language's decimal mark. */
export function describePosition(location: EcmLocation): string {
  const coordinate = { maximumFractionDigits: 5 };
  const latitude = formatNumber(location.latitude, coordinate);
  const longitude = formatNumber(location.longitude, coordinate);
  // Translators pick the separator: where the decimal mark is a comma, a semicolon reads better.
  return t`${latitude}, ${longitude}`;
}
