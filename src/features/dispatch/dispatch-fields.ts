import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

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
  label: MessageDescriptor;
  /**
   * The column header our templates use, in the reader's language; auto-detection knows it too
   * (see detectColumnMapping), so a template in any language maps at once.
   */
  templateHeader: MessageDescriptor;
  required: boolean;
  hint: MessageDescriptor;
}

export const DISPATCH_FIELD_DEFINITIONS: Record<DispatchField, DispatchFieldDefinition> = {
  employeeId: {
    label: msg`Employee ID`,
    templateHeader: msg`Employee ID`,
    required: true,
    hint: msg`The driver's employee ID, e.g. CF1011.`,
  },
  firstName: {
    label: msg`First name`,
    templateHeader: msg`First name`,
    required: false,
    hint: msg`Only needed to add a driver who does not exist yet.`,
  },
  lastName: {
    label: msg`Last name`,
    templateHeader: msg`Last name`,
    required: false,
    hint: msg`Only needed to add a driver who does not exist yet.`,
  },
  vehicleName: {
    label: msg`Vehicle`,
    templateHeader: msg`Vehicle`,
    required: true,
    hint: msg`The vehicle name exactly as in the vehicle list, e.g. PDX-T104.`,
  },
  start: {
    label: msg`Start`,
    templateHeader: msg`Start`,
    required: true,
    hint: msg`When the driver takes the vehicle, e.g. 2026-11-24 06:00.`,
  },
  end: {
    label: msg`End`,
    templateHeader: msg`End`,
    required: true,
    hint: msg`When the driver hands the vehicle back; after the start.`,
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
