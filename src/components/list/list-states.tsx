// `t` for the plain function; components read `i18n` from useLingui (so they redraw on a change).
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingStatus } from '@/components/page-loader';
import { QueryErrorAlert } from '@/components/query-error-alert';

/** The read behind a list, as far as its states need it: react-query's result fits as it is. */
export interface ListRead {
  error: unknown;
  refetch: () => unknown;
}

/** What an empty list says: that nothing exists yet, or that the filters leave nothing. */
export function emptyListText(noun: string, filtered: boolean): string {
  return filtered ? t`No ${noun} match these filters` : t`No ${noun} yet`;
}

/** A list's failed read, in the same words on every list, with a way to try again. */
export function ListError({ noun, list }: { noun: string; list: ListRead }) {
  const { i18n } = useLingui();
  return (
    <QueryErrorAlert
      title={i18n._(msg`The ${noun} could not be loaded`)}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  );
}

/** An empty list that is not a table: what is missing, and what to do about it. */
export function ListEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Text fw={500}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The states of a list drawn without DataList (a side list beside a map, a short preview): the
 * failed read with Try again, loading, empty, and the rows once there are some.
 */
export function ListStates({
  noun,
  list,
  isEmpty,
  empty,
  loading,
  children,
}: {
  /** What the rows are, in the plural and lower case: "geofences". */
  noun: string;
  list: ListRead & { isPending: boolean };
  isEmpty: boolean;
  /** What the empty list says: a sentence, or a block such as ListEmptyState. */
  empty: ReactNode;
  /** In place of the announced spinner, e.g. placeholders shaped like the rows. */
  loading?: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  if (list.error) return <ListError noun={noun} list={list} />;
  if (list.isPending)
    return loading ?? <LoadingStatus size="sm" label={i18n._(msg`Loading ${noun}`)} />;
  if (!isEmpty) return children;
  return typeof empty === 'string' ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    empty
  );
}
