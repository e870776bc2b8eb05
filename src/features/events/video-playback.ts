import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';

/** The service does not report a clip's frame rate; recorders commonly film at 30 frames a second. */
const ASSUMED_FRAMES_PER_SECOND = 30;

/** The speeds a reviewer picks from: slow enough to read a hand on a phone, fast to skim. */
export const PLAYBACK_RATES = [0.25, 0.5, 1, 1.5, 2] as const;

export interface VideoClock {
  /** Seconds into the clip. */
  currentTime: number;
  /** Seconds; null until the video knows its length. */
  duration: number | null;
  paused: boolean;
  playbackRate: number;
}

const NO_VIDEO: VideoClock = { currentTime: 0, duration: null, paused: true, playbackRate: 1 };

const CLOCK_EVENTS = [
  'loadedmetadata',
  'durationchange',
  'timeupdate',
  'seeking',
  'seeked',
  'play',
  'pause',
  'ratechange',
  'ended',
  'emptied',
] as const;

function readClock(video: HTMLVideoElement): VideoClock {
  const { duration } = video;
  return {
    currentTime: video.currentTime,
    duration: Number.isFinite(duration) && duration > 0 ? duration : null,
    paused: video.paused,
    playbackRate: video.playbackRate,
  };
}

function sameClock(a: VideoClock, b: VideoClock): boolean {
  return (
    a.currentTime === b.currentTime &&
    a.duration === b.duration &&
    a.paused === b.paused &&
    a.playbackRate === b.playbackRate
  );
}

/** The video's clock as a store: its media events, and every animation frame while it plays. */
function createClockStore(video: HTMLVideoElement | null) {
  let snapshot = video ? readClock(video) : NO_VIDEO;
  return {
    getSnapshot: () => snapshot,
    subscribe: (notify: () => void) => {
      if (!video) return () => undefined;
      let frame = 0;
      const update = () => {
        const next = readClock(video);
        if (sameClock(next, snapshot)) return;
        snapshot = next;
        notify();
      };
      // `timeupdate` comes about four times a second: too coarse for a playhead to follow.
      const followPlayback = () => {
        update();
        frame = video.paused ? 0 : requestAnimationFrame(followPlayback);
      };
      const onMediaEvent = () => {
        update();
        if (!video.paused && frame === 0) frame = requestAnimationFrame(followPlayback);
      };
      for (const name of CLOCK_EVENTS) video.addEventListener(name, onMediaEvent);
      onMediaEvent();
      return () => {
        for (const name of CLOCK_EVENTS) video.removeEventListener(name, onMediaEvent);
        cancelAnimationFrame(frame);
      };
    },
  };
}

/** Position, length, play state and speed of the video, re-rendering the caller as they change. */
export function useVideoClock(video: HTMLVideoElement | null): VideoClock {
  const store = useMemo(() => createClockStore(video), [video]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Moves the video to `seconds`, kept within the clip; no number at all leaves it where it is. */
export function seekVideo(video: HTMLVideoElement, seconds: number): void {
  // The browser throws on a non-finite time rather than ignoring it.
  if (Number.isNaN(seconds)) return;
  const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
  video.currentTime = Math.min(Math.max(seconds, 0), end);
}

/** Pauses and moves by whole frames (negative steps back): a frame only means something paused. */
export function stepFrames(video: HTMLVideoElement, frames: number): void {
  video.pause();
  seekVideo(video, video.currentTime + frames / ASSUMED_FRAMES_PER_SECOND);
}

/** Sets the speed so it also survives the element reloading its source. */
export function setPlaybackRate(video: HTMLVideoElement, rate: number): void {
  video.defaultPlaybackRate = rate;
  video.playbackRate = rate;
}

/** The speed last chosen in this tab: a coach who reviews at half speed keeps it from event to event. */
let sessionPlaybackRate = 1;

/** The playback speed, remembered for the tab's session across event pages (and leaving them). */
export function useSessionPlaybackRate(): [number, (rate: number) => void] {
  const [rate, setRate] = useState(() => sessionPlaybackRate);
  const choose = useCallback((next: number) => {
    sessionPlaybackRate = next;
    setRate(next);
  }, []);
  return [rate, choose];
}
