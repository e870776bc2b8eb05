/**
 * The demo company's geography, shared by every seed area: depots on real coordinates in the
 * US Pacific Northwest and California. Each depot is a group named `groupName` under its region.
 */
export interface Depot {
  groupName: string;
  city: string;
  /** ISO 3166-2 subdivision code, e.g. US-OR. */
  subdivisionCode: string;
  latitude: number;
  longitude: number;
}

export interface Region {
  groupName: string;
  depots: Depot[];
}

export const companyName = 'Cascade Freight & Logistics';
export const rootGroupName = 'Cascade Freight Root';

export const regions: Region[] = [
  {
    groupName: 'Northwest Region',
    depots: [
      {
        groupName: 'Portland Depot',
        city: 'Portland',
        subdivisionCode: 'US-OR',
        latitude: 45.5543,
        longitude: -122.6757,
      },
      {
        groupName: 'Seattle Depot',
        city: 'Seattle',
        subdivisionCode: 'US-WA',
        latitude: 47.5801,
        longitude: -122.3353,
      },
      {
        groupName: 'Tacoma Depot',
        city: 'Tacoma',
        subdivisionCode: 'US-WA',
        latitude: 47.2399,
        longitude: -122.4102,
      },
      {
        groupName: 'Spokane Depot',
        city: 'Spokane',
        subdivisionCode: 'US-WA',
        latitude: 47.6344,
        longitude: -117.4012,
      },
    ],
  },
  {
    groupName: 'Mountain Region',
    depots: [
      {
        groupName: 'Boise Depot',
        city: 'Boise',
        subdivisionCode: 'US-ID',
        latitude: 43.5721,
        longitude: -116.2146,
      },
      {
        groupName: 'Salt Lake City Depot',
        city: 'Salt Lake City',
        subdivisionCode: 'US-UT',
        latitude: 40.7634,
        longitude: -111.9506,
      },
    ],
  },
  {
    groupName: 'California Region',
    depots: [
      {
        groupName: 'Sacramento Depot',
        city: 'Sacramento',
        subdivisionCode: 'US-CA',
        latitude: 38.6004,
        longitude: -121.4557,
      },
      {
        groupName: 'Oakland Depot',
        city: 'Oakland',
        subdivisionCode: 'US-CA',
        latitude: 37.7955,
        longitude: -122.2797,
      },
      {
        groupName: 'Fresno Depot',
        city: 'Fresno',
        subdivisionCode: 'US-CA',
        latitude: 36.7122,
        longitude: -119.7617,
      },
    ],
  },
];

/** Teams under each depot group. */
export const depotTeams = ['Long Haul', 'Local Delivery', 'Refrigerated'] as const;

export const allDepots: Depot[] = regions.flatMap((region) => region.depots);
