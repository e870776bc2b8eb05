import { Group, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps, LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { describeError, isApiError } from '@/api/api-error';
import { ButtonLink } from '@/components/button-link';
import { RouteErrorView } from './route-error-view';

type RecordPage = {
  /** What the page shows, in the singular: "user", "vehicle", "safety event". */
  noun: string;
  /** The list the record belongs to, and its button's label. */
  backTo: LinkProps['to'];
  backLabel: string;
};

function RecordUnavailable({
  title,
  children,
  backTo,
  backLabel,
}: { title: string; children: ReactNode } & Omit<RecordPage, 'noun'>) {
  return (
    <Stack maw={720} align="flex-start">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{children}</Text>
      <Group>
        <ButtonLink to={backTo}>{backLabel}</ButtonLink>
      </Group>
    </Stack>
  );
}

/**
 * A record page's answers to a link that cannot work: an address whose ID is not one the service
 * could hold (the route throws `notFound()`), and a record the service says is missing or hidden.
 * Both lead back to the list, where "Try again" would only fail again. Other errors keep the app's
 * view with its retry.
 */
export function recordPageFallbacks({ noun, backTo, backLabel }: RecordPage) {
  return {
    notFoundComponent: () => (
      <RecordUnavailable title={`No ${noun} at this address`} backTo={backTo} backLabel={backLabel}>
        The link is mistyped or cut short: the address does not hold a {noun}’s ID.
      </RecordUnavailable>
    ),
    errorComponent: (props: ErrorComponentProps) =>
      isApiError(props.error) &&
      (props.error.code === 'NOT_FOUND' || props.error.code === 'FORBIDDEN') ? (
        <RecordUnavailable
          title={`This ${noun} cannot be shown`}
          backTo={backTo}
          backLabel={backLabel}
        >
          {describeError(props.error)} The {noun} may have been removed, or your account may not
          have access to its group.
        </RecordUnavailable>
      ) : (
        <RouteErrorView {...props} />
      ),
  };
}
