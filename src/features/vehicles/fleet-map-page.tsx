import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Text } from '@mantine/core';
import { useRuntime } from '@/api/runtime-context';
import { AnchorLink } from '@/components/anchor-link';
import layout from '@/components/map/map-page-layout.module.css';
import { PageHeader } from '@/components/page-header';
import { resolveEcmAccess, useEcmAccessSettings } from '@/lib/ecm-access';
import { legacySpeedUnitNote } from '@/lib/format';
import { FleetMapView } from './fleet-map-view';

/** The fleet's latest positions from the legacy ECM API on a map, with a list for the keyboard. */
export function FleetMapPage() {
  const { t } = useLingui();
  const { config } = useRuntime();
  const access = resolveEcmAccess(config.ecmDeployments, useEcmAccessSettings());
  return (
    <div className={`${layout.page} ${layout.pageScrollsOnPhone}`}>
      <PageHeader
        title={t`Fleet map`}
        description={`${t`Where each vehicle last reported, from the legacy ECM API.`} ${legacySpeedUnitNote()}`}
      />
      {access ? <FleetMapView /> : <MissingKeyNotice />}
    </div>
  );
}

function MissingKeyNotice() {
  const { t } = useLingui();
  return (
    <Alert color="blue" title={t`Connect the legacy ECM API first`} role="note" maw={720}>
      <Text size="sm">
        <Trans>
          Vehicle positions come from the legacy ECM API, which needs your company&apos;s API key
          and its regional deployment.{' '}
          <AnchorLink to="/settings">Add the API key in Settings</AnchorLink>, then come back to
          this page.
        </Trans>
      </Text>
    </Alert>
  );
}
