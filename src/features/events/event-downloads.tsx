import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { describeError } from '@/api/api-error';
import {
  getSafetyEventFile,
  type SafetyEvent,
  type SafetyEventFileFormat,
} from '@/api/safety-events';
import { NeedsConnectionButton } from '@/components/needs-connection';
import { downloadBlob } from '@/lib/csv-export';
import { eventFileName } from './event-format';

const formatLabel: Record<SafetyEventFileFormat, string> = { mp4: 'MP4', dce: 'DCE' };

/** One button per file format; the MP4 already loaded for the player is saved without a refetch. */
export function EventDownloads({
  event,
  loadedVideo,
  videoMissing,
}: {
  event: SafetyEvent;
  loadedVideo: Blob | undefined;
  /** The service has no MP4 for this event, so its button would only fail. */
  videoMissing: boolean;
}) {
  const { t } = useLingui();
  const mp4 = useFileDownload(event, 'mp4', loadedVideo);
  const dce = useFileDownload(event, 'dce', undefined);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {/* The MP4 the player holds in memory can be saved offline too. */}
        <NeedsConnectionButton
          variant="default"
          onClick={() => mp4.mutate()}
          loading={mp4.isPending}
          disabled={videoMissing}
          availableOffline={loadedVideo !== undefined}
        >
          <Trans>Download MP4</Trans>
        </NeedsConnectionButton>
        <NeedsConnectionButton
          variant="default"
          onClick={() => dce.mutate()}
          loading={dce.isPending}
          aria-describedby="event-dce-hint"
        >
          <Trans>Download DCE</Trans>
        </NeedsConnectionButton>
        <Text size="xs" c="dimmed" id="event-dce-hint">
          {t`DCE is the recorder's event file, for the vendor's desktop player.`}
        </Text>
      </Group>
      {[mp4, dce].map((download) => {
        if (!download.error) return null;
        const format = formatLabel[download.format];
        return (
          <Alert
            key={download.format}
            color="red"
            role="alert"
            title={t`The ${format} file could not be downloaded`}
          >
            {describeError(download.error)}
          </Alert>
        );
      })}
    </Stack>
  );
}

function useFileDownload(
  event: SafetyEvent,
  format: SafetyEventFileFormat,
  alreadyLoaded: Blob | undefined,
) {
  const mutation = useMutation({
    mutationFn: () =>
      alreadyLoaded ? Promise.resolve(alreadyLoaded) : getSafetyEventFile(event.id, format),
    onSuccess: (blob) => downloadBlob(blob, eventFileName(event, format)),
  });
  return { ...mutation, format };
}
