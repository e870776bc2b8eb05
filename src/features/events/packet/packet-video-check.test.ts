import { describe, expect, it } from 'vitest';
import { notAVideoProblem } from './packet-video-check';

const mp4Head = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);

describe('notAVideoProblem', () => {
  it('accepts a file that starts with an MP4 box', async () => {
    await expect(notAVideoProblem(new Blob([mp4Head], { type: 'video/mp4' }))).resolves.toBeNull();
    await expect(notAVideoProblem(new Blob([mp4Head]))).resolves.toBeNull();
  });

  it('names a short text for what it is', async () => {
    await expect(notAVideoProblem(new Blob(['not a video at all!']))).resolves.toBe(
      'The video file is not a video (19 bytes of text). It is packed as the service sent it.',
    );
  });

  it('names an empty file, and other data', async () => {
    await expect(notAVideoProblem(new Blob([]))).resolves.toMatch(/\(an empty file\)/);
    await expect(notAVideoProblem(new Blob([new Uint8Array([0xff, 0xd8, 0, 1])]))).resolves.toMatch(
      /\(4 bytes of data in no video format\)/,
    );
  });

  it('does not take an MP4 sent as text for a video', async () => {
    await expect(
      notAVideoProblem(new Blob([mp4Head], { type: 'text/html; charset=utf-8' })),
    ).resolves.toMatch(/sent as text\/html/);
  });
});
