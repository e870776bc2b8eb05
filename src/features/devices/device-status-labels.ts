import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Translate } from './assignment-change';

/**
 * The device statuses the console knows (see knownDeviceStatuses), by lower case since the
 * service's casing is not promised. The value sent and filtered on stays the service's own.
 */
const statusLabels: Record<string, MessageDescriptor> = {
  'in service': msg`In Service`,
  spare: msg`Spare`,
  'pending removal from fleet': msg`Pending Removal from Fleet`,
  'returned for repair': msg`Returned for Repair`,
};

/** A device status in the reader's language; one the console does not know is shown as sent. */
export function deviceStatusLabel(status: string, translate: Translate): string {
  const label = statusLabels[status.toLowerCase()];
  return label ? translate(label) : status;
}
