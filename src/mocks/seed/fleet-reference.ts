import type { CountrySubdivisionRecord, LookupRecord, VehicleLookupRecord } from '../db';

/**
 * The vehicle service's fixed lookup lists. The contract gives only the defaults (status 2 "in
 * service", type 0 "unassigned", seatbelt 1 "shoulder harness"); the other members are invented.
 */

export const DEFAULT_VEHICLE_TYPE = 0;
export const DEFAULT_VEHICLE_STATUS = 2;
export const DEFAULT_SEATBELT_TYPE = 1;

export const VehicleStatusId = {
  outOfService: 1,
  inService: 2,
  inMaintenance: 3,
  pendingInstallation: 4,
  decommissioned: 5,
} as const;

export const VehicleTypeId = {
  unassigned: 0,
  tractor: 1,
  straightTruck: 2,
  refrigeratedTruck: 3,
  cargoVan: 4,
  pickup: 5,
  passengerCar: 6,
} as const;

/** The device service's status strings (the contract's examples plus two realistic others). */
export const DeviceStatus = {
  inService: 'In Service',
  spare: 'Spare',
  pendingRemoval: 'Pending Removal from Fleet',
  inRepair: 'Returned for Repair',
} as const;

/** Lookups were created long before the company signed up, so their dates are fixed. */
const lookupCreated = '2019-03-12T17:04:51Z';

export function vehicleStatuses(): VehicleLookupRecord[] {
  return [
    { id: VehicleStatusId.outOfService, description: 'Out of service' },
    { id: VehicleStatusId.inService, description: 'In service' },
    { id: VehicleStatusId.inMaintenance, description: 'In maintenance' },
    { id: VehicleStatusId.pendingInstallation, description: 'Pending installation' },
    { id: VehicleStatusId.decommissioned, description: 'Decommissioned' },
  ].map((status) => ({ ...status, creationDate: lookupCreated }));
}

export function vehicleTypes(): VehicleLookupRecord[] {
  return [
    { id: VehicleTypeId.unassigned, description: 'Unassigned' },
    { id: VehicleTypeId.tractor, description: 'Tractor' },
    { id: VehicleTypeId.straightTruck, description: 'Straight truck' },
    { id: VehicleTypeId.refrigeratedTruck, description: 'Refrigerated truck' },
    { id: VehicleTypeId.cargoVan, description: 'Cargo van' },
    { id: VehicleTypeId.pickup, description: 'Pickup' },
    { id: VehicleTypeId.passengerCar, description: 'Passenger car' },
  ].map((type) => ({ ...type, creationDate: lookupCreated }));
}

export function seatbeltTypes(): LookupRecord[] {
  return [
    { id: 0, name: 'None' },
    { id: 1, name: 'Shoulder harness' },
    { id: 2, name: 'Lap belt' },
    { id: 3, name: 'Four-point harness' },
  ].map((type) => ({ ...type, creationDate: lookupCreated }));
}

/** ISO 3166-2 subdivisions: [code suffix, name]. */
// prettier-ignore
const subdivisionsByCountry: Record<string, [string, string][]> = {
  US: [
    ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'],
    ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'],
    ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'],
    ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
    ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
    ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
    ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
    ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
    ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
    ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
    ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
    ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'],
    ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ],
  CA: [
    ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'],
    ['NL', 'Newfoundland and Labrador'], ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'],
    ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
  ],
  MX: [
    ['AGU', 'Aguascalientes'], ['BCN', 'Baja California'], ['BCS', 'Baja California Sur'],
    ['CAM', 'Campeche'], ['CHP', 'Chiapas'], ['CHH', 'Chihuahua'], ['CMX', 'Ciudad de México'],
    ['COA', 'Coahuila de Zaragoza'], ['COL', 'Colima'], ['DUR', 'Durango'], ['GUA', 'Guanajuato'],
    ['GRO', 'Guerrero'], ['HID', 'Hidalgo'], ['JAL', 'Jalisco'], ['MEX', 'México'],
    ['MIC', 'Michoacán de Ocampo'], ['MOR', 'Morelos'], ['NAY', 'Nayarit'], ['NLE', 'Nuevo León'],
    ['OAX', 'Oaxaca'], ['PUE', 'Puebla'], ['QUE', 'Querétaro'], ['ROO', 'Quintana Roo'],
    ['SLP', 'San Luis Potosí'], ['SIN', 'Sinaloa'], ['SON', 'Sonora'], ['TAB', 'Tabasco'],
    ['TAM', 'Tamaulipas'], ['TLA', 'Tlaxcala'], ['VER', 'Veracruz de Ignacio de la Llave'],
    ['YUC', 'Yucatán'], ['ZAC', 'Zacatecas'],
  ],
};

/** Each country gets its own block of integer IDs, as a service-side table would. */
const firstSubdivisionId: Record<string, number> = { US: 1, CA: 101, MX: 201 };

export function countrySubdivisions(): CountrySubdivisionRecord[] {
  return Object.entries(subdivisionsByCountry).flatMap(([countryCode, entries]) =>
    entries.map(([suffix, name], index) => ({
      id: (firstSubdivisionId[countryCode] ?? 0) + index,
      countryCode,
      name,
      code: `${countryCode}-${suffix}`,
    })),
  );
}
