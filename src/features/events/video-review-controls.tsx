import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Kbd, SegmentedControl, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type MouseEvent } from 'react';
import { formatNumber } from '@/lib/format';
import { formatClipTime } from './event-format';
import { PLAYBACK_RATES, stepFrames, useVideoClock } from './video-playback';

/** No focus on click: a following space must play the video, not press the button again. */
const keepFocus = (mouse: MouseEvent) => mouse.preventDefault();

/**
 * What a coach needs beside the player's own controls: frame steps, a speed picker, the exact
 * position, and a link that opens the event at the current second.
 */
export function VideoReviewControls({
  video,
  playbackRate,
  onPlaybackRateChange,
  linkAtSecond,
}: {
  video: HTMLVideoElement | null;
  playbackRate: number;
  onPlaybackRateChange: (rate: number) => void;
  /** The address of this event opened at `second`. */
  linkAtSecond: (second: number) => string;
}) {
  const { t } = useLingui();
  // "0.5×", "0,5×" in French.
  const rateOptions = PLAYBACK_RATES.map((rate) => ({
    value: String(rate),
    label: `${formatNumber(rate)}×`,
  }));
  const clock = useVideoClock(video);
  const ready = video !== null && clock.duration !== null;
  const [unsentLink, setUnsentLink] = useState<string | null>(null);

  const copyLink = async () => {
    // To the hundredth the clock shows: a whole second would start up to a second early.
    const second = Math.round(clock.currentTime * 100) / 100;
    const link = linkAtSecond(second);
    try {
      await navigator.clipboard.writeText(link);
      setUnsentLink(null);
      const moment = formatClipTime(second);
      notifications.show({ message: t`Link to ${moment} copied` });
    } catch {
      // The browser refused the clipboard: show the link to copy by hand.
      setUnsentLink(link);
    }
  };

  return (
    <Group gap="sm" justify="space-between" align="center">
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          disabled={!ready}
          onMouseDown={keepFocus}
          onClick={() => video && stepFrames(video, -1)}
          rightSection={
            <Kbd size="xs" className="key-hint">
              ,
            </Kbd>
          }
        >
          <Trans>Previous frame</Trans>
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!ready}
          onMouseDown={keepFocus}
          onClick={() => video && stepFrames(video, 1)}
          rightSection={
            <Kbd size="xs" className="key-hint">
              .
            </Kbd>
          }
        >
          <Trans>Next frame</Trans>
        </Button>
      </Group>
      <Text size="sm" ff="monospace">
        {formatClipTime(clock.currentTime)} / {ready ? formatClipTime(clock.duration ?? 0) : '–'}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-hidden="true">
          <Trans>Speed</Trans>
        </Text>
        <SegmentedControl
          size="xs"
          data={rateOptions}
          value={String(playbackRate)}
          onChange={(value) => onPlaybackRateChange(Number(value))}
          aria-label={t`Playback speed`}
          // Chosen before the clip has loaded, it applies as it plays (the default rate is set too).
        />
      </Group>
      <Button
        variant="default"
        size="xs"
        disabled={!ready}
        onMouseDown={keepFocus}
        onClick={() => void copyLink()}
      >
        <Trans>Copy link at this second</Trans>
      </Button>
      {unsentLink ? (
        <TextInput
          w="100%"
          size="xs"
          label={t`Link at this second (copying was not allowed: select it and copy)`}
          value={unsentLink}
          readOnly
          onFocus={(focus) => focus.currentTarget.select()}
        />
      ) : null}
    </Group>
  );
}
