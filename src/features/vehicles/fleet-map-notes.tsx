import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { describeEcmError } from '@/api/ecm';
import { QueryErrorAlert } from '@/components/query-error-alert';
import type { ConsoleVehicleMatching } from './fleet-map';
import classes from './fleet-map.module.css';
import { STALE_AFTER_MS } from './fleet-positions';

const staleHours = STALE_AFTER_MS / 3_600_000;

/** Why a group shows no vehicle: positions join the console's vehicles, and their groups, by VIN. */
export function groupEmptyNote(matching: ConsoleVehicleMatching): string {
  if (matching === 'pending')
    return i18n._(msg`Finding the console’s vehicles, to know their groups…`);
  if (matching === 'failed')
    return i18n._(
      msg`The console’s vehicles could not be read, so no position can be placed in a group.`,
    );
  return i18n._(
    msg`No vehicle in this group has a position: a position counts in the group of the console vehicle with its VIN.`,
  );
}

/** How far the console's vehicles (to match positions to by VIN) are read. */
export function matchingOf(index: {
  data?: { complete: boolean };
  isError: boolean;
}): ConsoleVehicleMatching {
  if (index.data) return index.data.complete ? 'complete' : 'partial';
  return index.isError ? 'failed' : 'pending';
}

/** The positions could not be read: why, in the legacy API's words, with a retry. */
export function PositionsError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const { t } = useLingui();
  return (
    <QueryErrorAlert
      error={error}
      onRetry={onRetry}
      title={title ?? t`The vehicle positions could not be loaded`}
      message={describeEcmError(error)}
    />
  );
}

/** What the map's marks mean. */
export function FleetMapLegend() {
  const { t } = useLingui();
  return (
    <div className={classes.legend} role="group" aria-label={t`Map legend`}>
      <span className={classes.legendItem}>
        <span
          className={`${classes.vehicle} ${classes.currentVehicle} ${classes.legendVehicle}`}
          aria-hidden="true"
        />
        <Plural
          value={staleHours}
          one="Position from the last hour"
          other="Position from the last # hours"
        />
      </span>
      <span className={classes.legendItem}>
        <span
          className={`${classes.vehicle} ${classes.staleVehicle} ${classes.legendVehicle}`}
          aria-hidden="true"
        />
        <Plural
          value={staleHours}
          one="Stale: older than an hour"
          other="Stale: older than # hours"
        />
      </span>
      <span className={classes.legendItem}>
        <span className={classes.legendCluster} aria-hidden="true">
          12
        </span>
        {t`Several vehicles: select to zoom in`}
      </span>
      <span className={classes.legendItem}>{t`An arrow shows a moving vehicle's heading`}</span>
    </div>
  );
}
