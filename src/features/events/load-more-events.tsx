import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Text } from '@mantine/core';
import { QueryErrorAlert } from '@/components/query-error-alert';

/** Below the queue: load its next page, the load under way, or why it failed, with a retry. */
export function LoadMoreEvents({
  hasNextPage,
  loading,
  failed,
  error,
  onLoadMore,
}: {
  hasNextPage: boolean;
  loading: boolean;
  /** The last page asked for could not be loaded (`error` says why). */
  failed: boolean;
  error: unknown;
  onLoadMore: () => void;
}) {
  const { t } = useLingui();
  if (failed) {
    return (
      <QueryErrorAlert
        title={t`More events could not be loaded`}
        error={error}
        onRetry={onLoadMore}
      />
    );
  }
  if (!hasNextPage) return null;
  return (
    <Group justify="center" gap="sm">
      {loading ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">
            <Trans>Loading more events…</Trans>
          </Text>
        </Group>
      ) : (
        <Button variant="default" onClick={onLoadMore}>
          <Trans>Load more events</Trans>
        </Button>
      )}
    </Group>
  );
}
