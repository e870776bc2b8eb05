import { Trans } from '@lingui/react/macro';

/**
 * Why a vehicle page is read only. An element, not a string: it is translated as it is drawn, in
 * the language chosen then.
 */
export const VEHICLE_OUT_OF_SCOPE_NOTE = (
  <Trans>
    This vehicle belongs to a group outside your roles: you can read it, but not edit or delete it.
  </Trans>
);
