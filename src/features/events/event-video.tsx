import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Center, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { describeError, isApiError } from '@/api/api-error';
import type { DownloadProgress } from '@/api/file-body';
import { safetyEventFileQueryOptions, type SafetyEvent } from '@/api/safety-events';
import { useConnection } from '@/api/use-connection';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { formatNumber } from '@/lib/format';
import { EventDownloads } from './event-downloads';
import { formatBytes } from './event-format';
import classes from './event-video.module.css';
import { useObjectUrl } from './use-object-url';
import { seekVideo } from './video-playback';

/** Prefetch the next event's video only when this one was small: a few MB costs little. */
const CHEAP_VIDEO_BYTES = 8 * 1024 * 1024;
/** Long enough to press "next", short enough that skipped videos do not pile up in memory. */
const PREFETCHED_VIDEO_GC_MS = 60_000;

/** Why the browser cannot play the clip; ends "The file arrived, but …". */
const mediaErrorMessages: Record<number, MessageDescriptor> = {
  2: msg`the file stopped loading`,
  3: msg`the file is damaged or uses an encoding this browser cannot decode`,
  4: msg`this browser does not support the file’s format`,
};
const UNKNOWN_MEDIA_ERROR = msg`the browser reported a playback error`;

/**
 * The event's MP4, fetched with the bearer token through the API layer as one Blob (clips are
 * seconds long, so streaming through MediaSource would add complexity and no real gain) and
 * played from an object URL that is revoked when the event changes.
 */
export function EventVideo({
  event,
  videoRef,
  nextEventId,
  startAtSecond,
  reviewControls,
  onUnplayable,
}: {
  event: SafetyEvent;
  videoRef: Ref<HTMLVideoElement>;
  nextEventId: string | null;
  /** Where the video starts (a link to a moment); past the end it starts at the end. */
  startAtSecond?: number;
  /** Shown under the player: the review tools that act on it. */
  reviewControls?: ReactNode;
  /** Called when there is nothing to play: no file, no permission, or a file the browser refuses. */
  onUnplayable?: (unplayable: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const file = useQuery(safetyEventFileQueryOptions(event.id, 'mp4', setProgress));
  const url = useObjectUrl(file.data);
  const [playbackError, setPlaybackError] = useState<MessageDescriptor | null>(null);
  const missing = isApiError(file.error) && file.error.code === 'NOT_FOUND';
  const forbidden = isApiError(file.error) && file.error.code === 'FORBIDDEN';
  const unplayable = missing || forbidden || playbackError !== null;
  // Videos are never kept offline: one not already in memory waits for the connection.
  const { online } = useConnection();
  const waitingForConnection = !online && !file.data;

  useEffect(() => {
    onUnplayable?.(unplayable);
  }, [onUnplayable, unplayable]);

  // The clip's start and its playback errors are taken from the element once it is on the page,
  // not from React's media events: a render that suspends creates the element, which may load
  // the clip (from memory, at once) before React commits it, and such early events are lost.
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const elementRef = useMergedRef(videoRef, setElement);
  useEffect(() => {
    if (!element || !url) return;
    const start = () => {
      if (startAtSecond !== undefined) seekVideo(element, startAtSecond);
    };
    const failed = () => {
      const code = element.error?.code ?? 0;
      setPlaybackError(mediaErrorMessages[code] ?? UNKNOWN_MEDIA_ERROR);
    };
    if (element.error) failed();
    else if (element.readyState >= HTMLMediaElement.HAVE_METADATA) start();
    element.addEventListener('loadedmetadata', start);
    element.addEventListener('error', failed);
    return () => {
      element.removeEventListener('loadedmetadata', start);
      element.removeEventListener('error', failed);
    };
    // A new clip (its URL) starts at the moment again; a re-render does not move the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- startAtSecond is read when a clip loads
  }, [element, url]);

  useEffect(() => {
    if (!file.data || !nextEventId || file.data.size > CHEAP_VIDEO_BYTES) return;
    void queryClient.prefetchQuery({
      ...safetyEventFileQueryOptions(nextEventId, 'mp4'),
      gcTime: PREFETCHED_VIDEO_GC_MS,
    });
  }, [file.data, nextEventId, queryClient]);

  let stage;
  if (waitingForConnection) {
    stage = (
      <Notice title={t`The video needs the connection`}>
        <Trans>
          Videos are not kept on this computer. It loads once the connection is back; the details
          beside this panel are shown as last read.
        </Trans>
      </Notice>
    );
  } else if (missing) {
    const reason = describeError(file.error);
    stage = (
      <Notice title={t`No video for this event`}>
        <Trans>
          The service has no video file for this event (“{reason}”). The recorder may not have
          uploaded it. The details beside this panel are still complete.
        </Trans>
      </Notice>
    );
  } else if (forbidden) {
    stage = (
      <Notice title={t`Video downloads are not enabled for your account`}>
        <Trans>Ask an administrator to allow safety-event downloads for your user.</Trans>
      </Notice>
    );
  } else if (file.error) {
    stage = (
      <Center h="100%" p="md">
        <QueryErrorAlert
          title={t`The video could not be loaded`}
          error={file.error}
          onRetry={() => void file.refetch()}
        />
      </Center>
    );
  } else if (playbackError) {
    const problem = i18n._(playbackError);
    stage = (
      <Notice title={t`This video cannot be played in the browser`}>
        <Trans>
          The file arrived, but {problem}. Download the MP4 to watch it in another player, or the
          DCE file for the vendor’s desktop player.
        </Trans>
      </Notice>
    );
  } else if (url) {
    stage = (
      // Recorder clips carry no captions; the metadata beside the video describes the event.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        ref={elementRef}
        className={classes.video}
        src={url}
        controls
        preload="auto"
        playsInline
        aria-label={t`Event video`}
        // The speed picker beside the player is the one place speed is chosen.
        controlsList="noplaybackrate"
      />
    );
  } else {
    stage = <VideoLoading progress={progress} />;
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-video-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="event-video-title">
          <Trans>Video</Trans>
        </Title>
        <div className={classes.stage}>{stage}</div>
        {reviewControls}
        <EventDownloads event={event} loadedVideo={file.data} videoMissing={missing} />
      </Stack>
    </Paper>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center h="100%" p="md">
      <Alert color="gray" variant="light" title={title} role="status" maw={520}>
        {children}
      </Alert>
    </Center>
  );
}

function VideoLoading({ progress }: { progress: DownloadProgress | null }) {
  const { t } = useLingui();
  const total = progress?.total ?? null;
  const loaded = progress?.loaded ?? 0;
  // Compressed transfers can report more bytes than Content-Length: never show more than 100%.
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  const percentText = formatNumber((percent ?? 0) / 100, { style: 'percent' });
  const totalText = formatBytes(total ?? 0);
  const loadedText = formatBytes(loaded);
  return (
    <Center h="100%" p="md">
      <Stack gap={6} w="min(360px, 80%)" role="status">
        <Text size="sm" c="gray.3">
          {total && percent !== null
            ? t`Loading video… ${percentText} of ${totalText}`
            : loaded > 0
              ? t`Loading video… ${loadedText}`
              : t`Loading video…`}
        </Text>
        <Progress
          value={percent ?? 100}
          animated={percent === null}
          striped={percent === null}
          aria-label={t`Video download progress`}
          size="sm"
        />
      </Stack>
    </Center>
  );
}
