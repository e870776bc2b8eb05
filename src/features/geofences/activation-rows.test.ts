import { describe, expect, it } from 'vitest';
import type { VehicleActivations } from '@/api/geofences';
import {
  activationRows,
  describeDuration,
  endReasonsById,
  endReasonText,
  minutesInside,
} from './activation-rows';

const reasons = endReasonsById([
  { reasonId: 0, description: 'Not Deleted' },
  { reasonId: 1, description: 'Exited geofence' },
]);

describe('activationRows', () => {
  it('flattens the per-vehicle groups into one list, most recent first', () => {
    const groups: VehicleActivations[] = [
      {
        vehicleName: 'TAC-101',
        activations: [
          { activationId: 'a', activationStartDate: '2024-06-01T08:00:00Z' },
          { activationId: 'c', activationStartDate: '2024-06-01T12:00:00Z' },
        ],
      },
      {
        vehicleName: 'TAC-102',
        activations: [{ activationId: 'b', activationStartDate: '2024-06-01T10:00:00Z' }],
      },
    ];
    expect(
      activationRows(groups).map((row) => [row.activation.activationId, row.vehicle.vehicleName]),
    ).toEqual([
      ['c', 'TAC-101'],
      ['b', 'TAC-102'],
      ['a', 'TAC-101'],
    ]);
  });
});

describe('endReasonText', () => {
  it('puts the end reason in words from the end-reason list', () => {
    expect(
      endReasonText(
        { activationId: 'a', activationEndDate: '2024-06-01T09:00:00Z', endReason: 1 },
        reasons,
      ),
    ).toBe('Exited geofence');
    expect(
      endReasonText(
        { activationId: 'a', activationEndDate: '2024-06-01T09:00:00Z', endReason: 9 },
        reasons,
      ),
    ).toBe('Unknown reason (9)');
  });

  it('shows no reason while the vehicle is still inside', () => {
    expect(
      endReasonText({ activationId: 'a', activationEndDate: null, endReason: 0 }, reasons),
    ).toBe('—');
  });
});

describe('describeDuration', () => {
  it('reads like a person would say it', () => {
    const start = '2024-06-01T08:00:00Z';
    expect(describeDuration(start, '2024-06-01T08:00:30Z')).toBe('under a minute');
    expect(describeDuration(start, '2024-06-01T08:45:00Z')).toBe('45 min');
    expect(describeDuration(start, '2024-06-01T10:15:00Z')).toBe('2 h 15 min');
    expect(describeDuration(start, '2024-06-04T12:00:00Z')).toBe('3 d 4 h');
    expect(describeDuration(start, null, Date.parse('2024-06-01T09:00:00Z'))).toBe('1 h');
    expect(describeDuration('not a date', null)).toBe('—');
  });
});

describe('minutesInside', () => {
  it('counts whole minutes, up to now while still inside, so the column sorts by time', () => {
    const start = '2024-06-01T08:00:00Z';
    expect(minutesInside(start, '2024-06-01T10:15:59Z')).toBe(135);
    expect(minutesInside(start, null, Date.parse('2024-06-01T09:00:00Z'))).toBe(60);
    expect(minutesInside(start, '2024-06-01T07:00:00Z')).toBeNull();
    expect(minutesInside(undefined, null)).toBeNull();
  });
});
