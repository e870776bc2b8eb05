/**
 * The entry fields of a dispatch schedule (DispatchEntry of POST /v1/driver-assignments/dispatch,
 * Driver Assignment API), as columns of the uploaded sheet.
 */
export const DISPATCH_FIELDS = [
  'employeeId',
  'firstName',
  'lastName',
  'vehicleName',
  'start',
  'end',
] as const;
export type DispatchField = (typeof DISPATCH_FIELDS)[number];

interface DispatchFieldDefinition {
  label: string;
  /** The column header our templates use; also the first name auto-detection looks for. */
  templateHeader: string;
  required: boolean;
  hint: string;
}

export const DISPATCH_FIELD_DEFINITIONS: Record<DispatchField, DispatchFieldDefinition> = {
  employeeId: {
    label: 'Employee ID',
    templateHeader: 'Employee ID',
    required: true,
    hint: "The driver's employee ID, e.g. CF1011.",
  },
  firstName: {
    label: 'First name',
    templateHeader: 'First name',
    required: false,
    hint: 'Only needed to add a driver who does not exist yet.',
  },
  lastName: {
    label: 'Last name',
    templateHeader: 'Last name',
    required: false,
    hint: 'Only needed to add a driver who does not exist yet.',
  },
  vehicleName: {
    label: 'Vehicle',
    templateHeader: 'Vehicle',
    required: true,
    hint: 'The vehicle name exactly as in the vehicle list, e.g. PDX-T104.',
  },
  start: {
    label: 'Start',
    templateHeader: 'Start',
    required: true,
    hint: 'When the driver takes the vehicle, e.g. 2026-11-24 06:00.',
  },
  end: {
    label: 'End',
    templateHeader: 'End',
    required: true,
    hint: 'When the driver hands the vehicle back; after the start.',
  },
};

/** The templates' example rows on `day` (YYYY-MM-DD); real demo names so an upload validates. */
export function templateExampleRows(day: string): Record<DispatchField, string>[] {
  return [
    {
      employeeId: 'CF1011',
      firstName: 'Robert',
      lastName: 'Adams',
      vehicleName: 'PDX-T104',
      start: `${day} 06:00`,
      end: `${day} 16:00`,
    },
    {
      employeeId: 'CF1012',
      firstName: 'Andre',
      lastName: 'Thomas',
      vehicleName: 'PDX-T105',
      start: `${day} 07:30`,
      end: `${day} 17:30`,
    },
  ];
}
