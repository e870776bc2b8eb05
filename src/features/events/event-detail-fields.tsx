import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/anchor-link';

/** One term and its value in an event's description list. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** A person named on the event, linked to their user when the service gives an ID. */
export function Person({
  userId,
  name,
  employeeNumber,
  none,
}: {
  userId: string | null | undefined;
  name: string | null;
  employeeNumber: string | null | undefined;
  none: string;
}) {
  const { t } = useLingui();
  if (!userId && !name) {
    return (
      <Text span size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  const label = name ?? t`Unnamed user`;
  return (
    <>
      {userId ? (
        <AnchorLink to="/users/$userId" params={{ userId }} size="sm">
          {label}
        </AnchorLink>
      ) : (
        label
      )}
      {employeeNumber ? (
        <Text span size="xs" c="dimmed">
          {' '}
          · {employeeNumber}
        </Text>
      ) : null}
    </>
  );
}
