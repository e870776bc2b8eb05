import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { triggerProfiles } from './safety';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The label burned into each clip, as scripts/make-demo-clips.sh draws it: clip name → label. */
function clipLabels(): Map<string, string> {
  const script = readFileSync(resolve(root, 'scripts/make-demo-clips.sh'), 'utf8');
  return new Map(
    [...script.matchAll(/^make_(?:cabin_)?clip ([a-z-]+) '([^']+)'/gm)].map(([, clip, label]) => [
      clip!,
      label!,
    ]),
  );
}

/** Triggers whose clip says the same thing in other words. */
const SYNONYMS: Record<string, string> = { 'Handheld Device': 'Cell Phone' };

describe('demo clips', () => {
  it('play a clip labelled with the event’s own trigger', () => {
    const labels = clipLabels();
    for (const profile of triggerProfiles) {
      expect(labels.get(profile.clip), profile.name).toBe(SYNONYMS[profile.name] ?? profile.name);
    }
  });

  it('are committed for every trigger, so the demo needs no video tools', () => {
    for (const profile of triggerProfiles) {
      expect(existsSync(resolve(root, `public/demo-media/${profile.clip}.mp4`)), profile.clip).toBe(
        true,
      );
    }
  });
});
