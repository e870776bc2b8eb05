import {
  http,
  HttpResponse,
  type DefaultBodyType,
  type HttpResponseResolver,
  type PathParams,
} from 'msw';
import { demoEcmApiKey } from '@/config/demo-accounts';
import type { EcmReadingRecord, MockDb, VehicleRecord } from '../db';
import { readIntParam, simulateLatency } from '../http';
import { getDb } from '../state';
import { parseIsoDate } from './list-query';

const INT32_MAX = 2_147_483_647;
const INTEGER_PATTERN = /^-?\d+$/;

/**
 * How the legacy API sends an error: a JSON string on most routes, raw bytes
 * (application/octet-stream) on GET /vehicles/{vehicleId} (ECM API,
 * VehicleInfoAggregate_GetVehicleInfoById).
 */
type ErrorBody = 'json-string' | 'octet-stream';

function ecmError(kind: ErrorBody, status: number, message: string): Response {
  if (kind === 'json-string') return HttpResponse.json(message, { status });
  return new HttpResponse(new TextEncoder().encode(message), {
    status,
    headers: { 'Content-Type': 'application/octet-stream' },
  });
}

interface EcmRequestInfo<Params extends PathParams> {
  params: Params;
  url: URL;
  db: MockDb;
}

/** The legacy API has no bearer token: the X-APIKey header must hold the company's key. */
function withApiKey<Params extends PathParams>(
  kind: ErrorBody,
  resolver: (info: EcmRequestInfo<Params>) => Response,
): HttpResponseResolver<Params, DefaultBodyType, DefaultBodyType> {
  return async ({ request, params }) => {
    await simulateLatency();
    if (request.headers.get('X-APIKey') !== demoEcmApiKey) {
      return ecmError(kind, 401, 'Invalid key, or invalid pod');
    }
    return resolver({ params, url: new URL(request.url), db: getDb() });
  };
}

type VehicleParams = { vehicleId: string };

/** The vehicle behind an integer legacy ID, or the error response to send instead. */
function findLegacyVehicle(db: MockDb, rawId: string, kind: ErrorBody): VehicleRecord | Response {
  if (!INTEGER_PATTERN.test(rawId)) {
    return ecmError(kind, 400, `The vehicleId must be an integer, not '${rawId}'.`);
  }
  const vehicleId = Number(rawId);
  return (
    db.vehicles.find((vehicle) => vehicle.legacyVehicleId === vehicleId) ??
    ecmError(
      kind,
      404,
      `Vehicle ${rawId} does not exist or is not available within the given APIKey's context.`,
    )
  );
}

/** A vehicle's readings, oldest first. */
function readingsOf(db: MockDb, legacyVehicleId: number): EcmReadingRecord[] {
  return db.ecmReadings
    .filter((reading) => reading.legacyVehicleId === legacyVehicleId)
    .sort((a, b) => a.gpsDateTime.localeCompare(b.gpsDateTime));
}

function locationOf(reading: EcmReadingRecord) {
  return {
    latitude: reading.latitude,
    longitude: reading.longitude,
    gpsDateTime: reading.gpsDateTime,
    direction: reading.direction,
    speed: reading.speed,
  };
}

function vehicleLocation(vehicle: VehicleRecord, latest: EcmReadingRecord | undefined) {
  return {
    vehicleId: vehicle.legacyVehicleId,
    vin: vehicle.vin,
    deviceVin: latest ? latest.deviceVin : null,
    odometer: latest ? latest.odometerKm : null,
    location: latest ? locationOf(latest) : null,
  };
}

const base = '*/ecm/vehicles';

export const ecmHandlers = [
  http.get(
    base,
    withApiKey('json-string', ({ url, db }) => {
      const page = readIntParam(url, 'page', { min: 1, max: INT32_MAX, defaultValue: 1 });
      if (!page.ok) return ecmError('json-string', 400, page.message);
      // The declared default page size really is 1.
      const pageSize = readIntParam(url, 'pageSize', { min: 1, max: 1000, defaultValue: 1 });
      if (!pageSize.ok) return ecmError('json-string', 400, pageSize.message);

      const vehicles = [...db.vehicles].sort((a, b) => a.legacyVehicleId - b.legacyVehicleId);
      const start = (page.value - 1) * pageSize.value;
      const pageVehicles = vehicles.slice(start, start + pageSize.value);
      const wanted = new Set(pageVehicles.map((vehicle) => vehicle.legacyVehicleId));
      const latest = new Map<number, EcmReadingRecord>();
      for (const reading of db.ecmReadings) {
        if (!wanted.has(reading.legacyVehicleId)) continue;
        const known = latest.get(reading.legacyVehicleId);
        if (!known || known.gpsDateTime < reading.gpsDateTime) {
          latest.set(reading.legacyVehicleId, reading);
        }
      }
      return HttpResponse.json({
        currentPage: page.value,
        pageSize: pageSize.value,
        totalRecords: vehicles.length,
        vehicles: pageVehicles.map((vehicle) =>
          vehicleLocation(vehicle, latest.get(vehicle.legacyVehicleId)),
        ),
      });
    }),
  ),

  http.get<VehicleParams>(
    `${base}/:vehicleId`,
    withApiKey<VehicleParams>('octet-stream', ({ params, db }) => {
      const vehicle = findLegacyVehicle(db, params.vehicleId, 'octet-stream');
      if (vehicle instanceof Response) return vehicle;
      return HttpResponse.json(
        vehicleLocation(vehicle, readingsOf(db, vehicle.legacyVehicleId).at(-1)),
      );
    }),
  ),

  http.get<VehicleParams>(
    `${base}/:vehicleId/odometer`,
    withApiKey<VehicleParams>('json-string', ({ params, db }) => {
      const vehicle = findLegacyVehicle(db, params.vehicleId, 'json-string');
      if (vehicle instanceof Response) return vehicle;
      const latest = readingsOf(db, vehicle.legacyVehicleId).at(-1);
      // No engine data for this vehicle: 204, as documented.
      if (!latest || latest.odometerKm === null) return new HttpResponse(null, { status: 204 });
      return HttpResponse.json(vehicleLocation(vehicle, latest));
    }),
  ),

  http.get<VehicleParams>(
    `${base}/:vehicleId/location`,
    withApiKey<VehicleParams>('json-string', ({ params, url, db }) => {
      const vehicle = findLegacyVehicle(db, params.vehicleId, 'json-string');
      if (vehicle instanceof Response) return vehicle;
      const rawTime = url.searchParams.get('time');
      const time = rawTime ? parseIsoDate(rawTime) : null;
      if (rawTime && time === null) {
        return ecmError('json-string', 400, 'The time must be an ISO 8601 date-time.');
      }
      const readings = readingsOf(db, vehicle.legacyVehicleId);
      let chosen = readings.at(-1);
      if (!chosen) {
        return ecmError(
          'json-string',
          404,
          `Vehicle ${params.vehicleId} has reported no position.`,
        );
      }
      if (time !== null) {
        const distance = (reading: EcmReadingRecord) =>
          Math.abs(Date.parse(reading.gpsDateTime) - time);
        for (const reading of readings) {
          if (distance(reading) < distance(chosen)) chosen = reading;
        }
      }
      return HttpResponse.json(locationOf(chosen));
    }),
  ),
];
