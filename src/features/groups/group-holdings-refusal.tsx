import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { describeError } from '@/api/api-error';
import { AnchorLink } from '@/components/anchor-link';
import { UserText } from '@/components/user-text';
import {
  describeHoldingCount,
  type GroupHolding,
  type GroupHoldingKind,
  type GroupHoldingsSummary,
  type HeldItem,
} from './group-holdings';

const kindNames: Record<GroupHoldingKind, MessageDescriptor> = {
  subgroups: msg`subgroups`,
  users: msg`users`,
  vehicles: msg`vehicles`,
  devices: msg`camera devices`,
};

/** Each held item, linked where the console has a page for it. */
function heldItemLink(kind: GroupHoldingKind, item: HeldItem): ReactNode {
  switch (kind) {
    case 'subgroups':
      return (
        <AnchorLink to="/groups" search={{ groupId: item.id }} size="sm">
          {item.name}
        </AnchorLink>
      );
    case 'users':
      return (
        <AnchorLink to="/users/$userId" params={{ userId: item.id }} size="sm">
          {item.name}
        </AnchorLink>
      );
    case 'vehicles':
      return (
        <AnchorLink to="/vehicles/$vehicleId" params={{ vehicleId: item.id }} size="sm">
          {item.name}
        </AnchorLink>
      );
    case 'devices':
      return (
        <AnchorLink to="/devices/$deviceId" params={{ deviceId: item.id }} size="sm">
          {item.name}
        </AnchorLink>
      );
  }
}

/** The list page filtered to this group alone, where the console has one. */
function listPageLink(kind: GroupHoldingKind, groupId: string): ReactNode {
  switch (kind) {
    case 'vehicles':
      return (
        <AnchorLink to="/vehicles" search={{ groupId, includeSubgroups: false }} size="sm">
          <Trans>Open them in Vehicles</Trans>
        </AnchorLink>
      );
    case 'devices':
      return (
        <AnchorLink to="/devices" search={{ groupId }} size="sm">
          <Trans>Open them in Devices</Trans>
        </AnchorLink>
      );
    default:
      return null;
  }
}

function HoldingLine({ holding, groupId }: { holding: GroupHolding; groupId: string }) {
  const more = holding.total - holding.sample.length;
  const listPage = listPageLink(holding.kind, groupId);
  return (
    <List.Item>
      <Text span size="sm" fw={600}>
        {describeHoldingCount(holding)}
      </Text>
      {holding.sample.length > 0 && ': '}
      {holding.sample.map((item, index) => (
        <Fragment key={item.id}>
          {index > 0 && ', '}
          {heldItemLink(holding.kind, item)}
        </Fragment>
      ))}
      {more > 0 && (
        <>
          {' '}
          <Trans>and {more} more</Trans>
        </>
      )}
      {listPage && <> · {listPage}</>}
    </List.Item>
  );
}

/** Why a group cannot be deleted yet, with what must move first. */
export function GroupHoldingsRefusal({
  groupId,
  groupName,
  summary,
  onCheckAgain,
  checking,
}: {
  groupId: string;
  groupName: string;
  summary: GroupHoldingsSummary;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const { t, i18n } = useLingui();
  const [firstUnchecked] = summary.unchecked;
  const checkError = firstUnchecked ? describeError(firstUnchecked.error) : '';
  const uncheckedKinds = summary.unchecked.map((entry) => i18n._(kindNames[entry.kind])).join(', ');
  return (
    <Alert
      color="red"
      title={
        <Trans>
          “<UserText>{groupName}</UserText>” cannot be deleted yet
        </Trans>
      }
      role="alert"
    >
      <Stack gap="xs">
        {summary.held.length > 0 && (
          <>
            <Text size="sm">
              <Trans>
                It still holds what is listed below. The service would delete the group anyway and
                leave these orphaned for good, so move them to another group first.
              </Trans>
            </Text>
            <List size="sm" spacing={4} aria-label={t`What the group still holds`}>
              {summary.held.map((holding) => (
                <HoldingLine key={holding.kind} holding={holding} groupId={groupId} />
              ))}
            </List>
          </>
        )}
        {firstUnchecked && (
          <Text size="sm">
            <Trans>
              Could not check its {uncheckedKinds}: {checkError} Deleting stays blocked until every
              check succeeds.
            </Trans>
          </Text>
        )}
        <div>
          <Button size="xs" variant="white" color="red" loading={checking} onClick={onCheckAgain}>
            <Trans>Check again</Trans>
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
