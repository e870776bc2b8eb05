import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A page's translator (it changes with the language, so what is built with it follows). */
export type Translate = (descriptor: MessageDescriptor) => string;

/**
 * The vehicle statuses, types and seatbelt types the console knows, by their description in lower
 * case: the service sends its lookup lists in English. The IDs sent back stay the service's; a
 * description the console does not know is shown as sent.
 */
const statusLabels: Record<string, MessageDescriptor> = {
  'out of service': msg`Out of service`,
  'in service': msg`In service`,
  'in maintenance': msg`In maintenance`,
  'pending installation': msg`Pending installation`,
  decommissioned: msg`Decommissioned`,
};

const typeLabels: Record<string, MessageDescriptor> = {
  unassigned: msg`Unassigned`,
  tractor: msg`Tractor`,
  'straight truck': msg`Straight truck`,
  'refrigerated truck': msg`Refrigerated truck`,
  'cargo van': msg`Cargo van`,
  pickup: msg`Pickup`,
  'passenger car': msg`Passenger car`,
};

const seatbeltLabels: Record<string, MessageDescriptor> = {
  none: msg`None`,
  'shoulder harness': msg`Shoulder harness`,
  'lap belt': msg`Lap belt`,
  'four-point harness': msg`Four-point harness`,
};

/** The camera statuses the device service sends, as the vehicle form's camera hint names them. */
const cameraStatusLabels: Record<string, MessageDescriptor> = {
  'in service': msg`In Service`,
  spare: msg`Spare`,
  'pending removal from fleet': msg`Pending Removal from Fleet`,
  'returned for repair': msg`Returned for Repair`,
};

function labelFrom(labels: Record<string, MessageDescriptor>) {
  return (description: string, translate: Translate): string => {
    const label = labels[description.trim().toLowerCase()];
    return label ? translate(label) : description;
  };
}

export const vehicleStatusLabel = labelFrom(statusLabels);
export const vehicleTypeLabel = labelFrom(typeLabels);
export const seatbeltTypeLabel = labelFrom(seatbeltLabels);
export const cameraStatusLabel = labelFrom(cameraStatusLabels);
