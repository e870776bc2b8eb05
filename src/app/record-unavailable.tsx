import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps, LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describeError, isApiError } from '@/api/api-error';
import { ButtonLink } from '@/components/button-link';
import { RouteErrorView } from './route-error-view';

/** The records that have a page of their own. */
export type RecordKind = 'user' | 'vehicle' | 'device' | 'event' | 'driver';

/**
 * Each record page's wording, whole sentences per record (a noun put into one sentence would not
 * agree in gender in Spanish and French), and the list it leads back to.
 */
interface RecordPage {
  /** "No user at this address", and why: the address holds no ID. */
  notFoundTitle: MessageDescriptor;
  notFoundText: MessageDescriptor;
  /** "This user cannot be shown", and why: removed, or outside the account's groups. */
  unavailableTitle: MessageDescriptor;
  unavailableText: MessageDescriptor;
  backTo: LinkProps['to'];
  backLabel: MessageDescriptor;
}

const recordPages: Record<RecordKind, RecordPage> = {
  user: {
    notFoundTitle: msg`No user at this address`,
    notFoundText: msg`The link is mistyped or cut short: the address does not hold a user’s ID.`,
    unavailableTitle: msg`This user cannot be shown`,
    unavailableText: msg`The user may have been removed, or your account may not have access to its group.`,
    backTo: '/users',
    backLabel: msg`Back to users`,
  },
  vehicle: {
    notFoundTitle: msg`No vehicle at this address`,
    notFoundText: msg`The link is mistyped or cut short: the address does not hold a vehicle’s ID.`,
    unavailableTitle: msg`This vehicle cannot be shown`,
    unavailableText: msg`The vehicle may have been removed, or your account may not have access to its group.`,
    backTo: '/vehicles',
    backLabel: msg`Back to vehicles`,
  },
  device: {
    notFoundTitle: msg`No device at this address`,
    notFoundText: msg`The link is mistyped or cut short: the address does not hold a device’s ID.`,
    unavailableTitle: msg`This device cannot be shown`,
    unavailableText: msg`The device may have been removed, or your account may not have access to its group.`,
    backTo: '/devices',
    backLabel: msg`Back to devices`,
  },
  event: {
    notFoundTitle: msg`No event at this address`,
    notFoundText: msg`The link is mistyped or cut short: the address does not hold an event’s ID.`,
    unavailableTitle: msg`This event cannot be shown`,
    unavailableText: msg`The event may have been removed, or your account may not have access to its group.`,
    backTo: '/events',
    backLabel: msg`Back to the queue`,
  },
  driver: {
    notFoundTitle: msg`No driver at this address`,
    notFoundText: msg`The link is mistyped or cut short: the address does not hold a driver’s ID.`,
    unavailableTitle: msg`This driver cannot be shown`,
    unavailableText: msg`The driver may have been removed, or your account may not have access to its group.`,
    backTo: '/scorecards',
    backLabel: msg`Back to scorecards`,
  },
};

function RecordUnavailable({
  title,
  children,
  page,
}: {
  title: MessageDescriptor;
  children: ReactNode;
  page: RecordPage;
}) {
  const { i18n } = useLingui();
  return (
    <Stack maw={720} align="flex-start">
      <Title order={1}>{i18n._(title)}</Title>
      <Text c="dimmed">{children}</Text>
      <Group>
        <ButtonLink to={page.backTo}>{i18n._(page.backLabel)}</ButtonLink>
      </Group>
    </Stack>
  );
}

/**
 * A record page's answer to an address whose ID is not one the service could hold (the route
 * throws `notFound()`): it leads back to the list, where "Try again" would only fail again. Set
 * inline as a route's notFoundComponent, so the router splits it (and its words) off the
 * sign-in page's code.
 */
export function RecordNotFound({ record }: { record: RecordKind }) {
  const { i18n } = useLingui();
  const page = recordPages[record];
  return (
    <RecordUnavailable title={page.notFoundTitle} page={page}>
      {i18n._(page.notFoundText)}
    </RecordUnavailable>
  );
}

/**
 * A record page's errorComponent: a record the service says is missing or hidden leads back to
 * the list; other errors keep the app's view with its retry.
 */
export function RecordError({ record, ...props }: ErrorComponentProps & { record: RecordKind }) {
  const { i18n } = useLingui();
  const { error } = props;
  if (!isApiError(error) || (error.code !== 'NOT_FOUND' && error.code !== 'FORBIDDEN')) {
    return <RouteErrorView {...props} />;
  }
  const page = recordPages[record];
  return (
    <RecordUnavailable title={page.unavailableTitle} page={page}>
      {describeError(error)} {i18n._(page.unavailableText)}
    </RecordUnavailable>
  );
}
