import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Grid, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { safetyEventDetailQueryOptions, type SafetyEvent } from '@/api/safety-events';
import { ButtonLink } from '@/components/button-link';
import { PageHeader } from '@/components/page-header';
import { SectionBoundary } from '@/components/section-boundary';
import { cannotBeDrawn, positionProblem } from '@/lib/map-shape';
import { EventCoaching } from './event-coaching';
import { formatEventTime, personName } from './event-format';
import { EventMetadata } from './event-metadata';
import { EventNotes } from './event-notes';
import { EventQueueBar } from './event-queue-bar';
import { EventTimeline } from './event-timeline';
import { EventVideo } from './event-video';
import { EvidencePacketButton } from './packet/evidence-packet-button';
import { eventShortcutHelp } from './review-shortcut-help';
import { useReviewShortcuts } from './review-shortcuts';
import { ShortcutsButton, ShortcutsDialog } from './shortcuts-dialog';
import { useQueueNeighbours } from './use-queue-neighbours';
import { useSafetyLookups } from './use-safety-lookups';
import { setPlaybackRate, stepFrames, useSessionPlaybackRate } from './video-playback';
import { VideoReviewControls } from './video-review-controls';

const EventLocationMap = lazy(() =>
  import('./event-location-map').then((module) => ({ default: module.EventLocationMap })),
);

const route = getRouteApi('/_auth/events/$eventId');

export function EventDetailPage() {
  const { t: translate } = useLingui();
  const { eventId } = route.useParams();
  // The start second belongs to this visit only: next, previous and the queue never carry it.
  // The page the event was opened from travels with next and previous, to return to.
  const { t: startAtSecond, ...search } = route.useSearch();
  const { back, ...queueFilters } = search;
  const router = useRouter();
  const { data: event } = useSuspenseQuery(safetyEventDetailQueryOptions(eventId));
  const lookups = useSafetyLookups();
  const queue = useQueueNeighbours(eventId, search);
  const videoRef = useRef<HTMLVideoElement>(null);
  // The element itself too, so the controls and the timeline follow each new player.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setVideo(element);
  }, []);
  const [videoUnplayable, setVideoUnplayable] = useState(false);
  const [playbackRate, choosePlaybackRate] = useSessionPlaybackRate();
  const [helpOpen, help] = useDisclosure(false);
  const trigger = lookups.triggers.name(event.eventTriggerId);
  const eventNumber = event.customerEventId;
  const recorded = formatEventTime(event);

  useEffect(() => {
    if (!video) return;
    setPlaybackRate(video, playbackRate);
  }, [video, playbackRate]);

  const linkAtSecond = (second: number) => {
    const location = router.buildLocation({
      to: '/events/$eventId',
      params: { eventId: event.id },
      search: { ...search, t: second },
    });
    return new URL(router.history.createHref(location.href), window.location.origin).toString();
  };
  const stepFrame = (frames: number) => {
    if (videoRef.current) stepFrames(videoRef.current, frames);
  };

  useReviewShortcuts(
    {
      next: queue.next,
      previous: queue.previous,
      togglePlay: () => {
        const video = videoRef.current;
        if (!video) return;
        if (video.paused) void video.play().catch(() => undefined);
        else video.pause();
      },
      previousFrame: () => stepFrame(-1),
      nextFrame: () => stepFrame(1),
      help: help.open,
    },
    !helpOpen,
  );

  return (
    <Stack gap="md">
      <PageHeader
        title={translate`${trigger} · ${eventNumber}`}
        description={recorded}
        actions={
          <>
            {back ? (
              // `href` wins over `to`: the router builds the link from the whole path and search.
              <ButtonLink variant="default" to="." href={back}>
                {backLabel(back, event)}
              </ButtonLink>
            ) : (
              <ButtonLink
                variant="default"
                to="/events"
                search={{ ...queueFilters, selected: event.id }}
              >
                <Trans>Back to queue</Trans>
              </ButtonLink>
            )}
            <EvidencePacketButton
              eventIds={[event.id]}
              labelOf={() => event.customerEventId}
              lookups={lookups}
            />
            <ShortcutsButton onClick={help.open} />
          </>
        }
      />
      <EventQueueBar queue={queue} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <SectionBoundary what={translate`The video`}>
              <EventVideo
                // A fresh player per event: its object URL and error state belong to one file.
                key={event.id}
                event={event}
                videoRef={attachVideo}
                nextEventId={queue.nextId}
                startAtSecond={startAtSecond}
                onUnplayable={setVideoUnplayable}
                reviewControls={
                  <VideoReviewControls
                    video={video}
                    playbackRate={playbackRate}
                    onPlaybackRateChange={choosePlaybackRate}
                    linkAtSecond={linkAtSecond}
                  />
                }
              />
            </SectionBoundary>
            <SectionBoundary what={translate`The timeline`}>
              <EventTimeline event={event} video={video} videoMissing={videoUnplayable} />
            </SectionBoundary>
            <SectionBoundary what={translate`The notes`}>
              <EventNotes event={event} />
            </SectionBoundary>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <SectionBoundary what={translate`The event's details`}>
              <EventMetadata event={event} lookups={lookups} />
            </SectionBoundary>
            <SectionBoundary what={translate`Coaching`}>
              <EventCoaching event={event} lookups={lookups} />
            </SectionBoundary>
            <SectionBoundary what={translate`The location`}>
              <EventLocation event={event} />
            </SectionBoundary>
          </Stack>
        </Grid.Col>
      </Grid>
      <VisuallyHidden aria-live="polite">
        {queue.edgeMessage ?? translate`${trigger}, ${recorded}`}
      </VisuallyHidden>
      <ShortcutsDialog opened={helpOpen} onClose={help.close} shortcuts={eventShortcutHelp} />
    </Stack>
  );
}

/** Names the page an event was opened from, e.g. "Back to Ana Diaz's scorecard". */
function backLabel(back: string, event: SafetyEvent): string {
  const path = back.split(/[?#]/)[0] ?? back;
  const driverScorecard = /^\/scorecards\/drivers\/([^/]+)$/.exec(path);
  if (driverScorecard) {
    const name =
      driverScorecard[1]?.toLowerCase() === event.driverId?.toLowerCase()
        ? personName(event.driverFirstName, event.driverLastName)
        : null;
    return name ? t`Back to ${name}’s scorecard` : t`Back to the driver’s scorecard`;
  }
  if (/^\/vehicles\/[^/]+$/.test(path)) return t`Back to the vehicle`;
  if (path === '/scorecards') return t`Back to scorecards`;
  if (path === '/coaching') return t`Back to the coaching backlog`;
  if (path === '/events/map') return t`Back to the events map`;
  return t`Back`;
}

function EventLocation({ event }: { event: SafetyEvent }) {
  const { t: translate } = useLingui();
  const { latitude, longitude, heading } = event;
  const located = typeof latitude === 'number' && typeof longitude === 'number';
  const problem = positionProblem(latitude, longitude);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="event-location-title">
      <Title order={2} size="h4" id="event-location-title" mb="sm">
        <Trans>Location</Trans>
      </Title>
      {located ? (
        <Stack gap={6}>
          {problem === null ? (
            <SectionBoundary what={translate`The map`}>
              <Suspense fallback={<Skeleton height={320} radius="sm" />}>
                <EventLocationMap latitude={latitude} longitude={longitude} />
              </Suspense>
            </SectionBoundary>
          ) : (
            <Alert color="orange" variant="light" title={cannotBeDrawn(problem)}>
              <Trans>The camera recorded the position below; the map cannot show it.</Trans>
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            {latitude.toFixed(5)}, {longitude.toFixed(5)}
            {typeof heading === 'number' ? ` · ${translate`heading ${heading}°`}` : ''}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No location was recorded for this event.</Trans>
        </Text>
      )}
    </Paper>
  );
}
