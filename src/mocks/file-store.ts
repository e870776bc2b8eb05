import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { MockDb } from './db';
import type { DemoDataStore } from './shared-state';

/** Collections no request changes: written with a fresh seed only, not on every write. */
type FixedCollections = Pick<MockDb, 'safetyEvents' | 'ecmReadings'>;
type ChangingCollections = Omit<MockDb, keyof FixedCollections>;

interface ChangingFile {
  stamp: string;
  db: ChangingCollections;
}

const CHANGING_FILE = 'changing.json';
const FIXED_FILE = 'fixed.json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The files are this service's own output: checked for their shape's markers, not field by field. */
function isChangingFile(value: unknown): value is ChangingFile {
  return (
    isRecord(value) &&
    typeof value.stamp === 'string' &&
    isRecord(value.db) &&
    typeof value.db.seedVersion === 'number' &&
    typeof value.db.scale === 'number' &&
    Array.isArray(value.db.users)
  );
}

function isFixedFile(value: unknown): value is FixedCollections {
  return isRecord(value) && Array.isArray(value.safetyEvents) && Array.isArray(value.ecmReadings);
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Replaces a file so that a reader, or a restart after the process is killed at any moment, finds
 * either the old or the new content whole: written beside it, flushed to disk, then renamed over.
 */
async function writeFileAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.writeFile(content, 'utf8');
    await file.datasync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
}

/**
 * The demo data in a folder, for the HTTP host: this process is its only writer, so the stamp is
 * kept in memory once read. `accepts` says which stored data is still usable (seed version, scale).
 */
export function createFileStore(
  directory: string,
  accepts: (db: Pick<MockDb, 'seedVersion' | 'scale'>) => boolean,
): DemoDataStore {
  let knownStamp: string | undefined;
  let stampRead = false;
  const store: DemoDataStore = {
    async readStamp() {
      if (!stampRead) await store.read();
      return knownStamp;
    },
    async read() {
      stampRead = true;
      const [changing, fixed] = await Promise.all([
        readJson(join(directory, CHANGING_FILE)),
        readJson(join(directory, FIXED_FILE)),
      ]);
      if (!isChangingFile(changing) || !isFixedFile(fixed) || !accepts(changing.db)) {
        knownStamp = undefined;
        return undefined;
      }
      knownStamp = changing.stamp;
      return {
        stamp: changing.stamp,
        db: { ...changing.db, safetyEvents: fixed.safetyEvents, ecmReadings: fixed.ecmReadings },
      };
    },
    async write({ stamp, db }, everything) {
      await mkdir(directory, { recursive: true });
      const { safetyEvents, ecmReadings, ...changing } = db;
      // The fixed collections first: the changing file's stamp is what marks the data complete.
      if (everything) {
        await writeFileAtomically(
          join(directory, FIXED_FILE),
          JSON.stringify({ safetyEvents, ecmReadings } satisfies FixedCollections),
        );
      }
      await writeFileAtomically(
        join(directory, CHANGING_FILE),
        JSON.stringify({ stamp, db: changing } satisfies ChangingFile),
      );
      knownStamp = stamp;
      stampRead = true;
    },
  };
  return store;
}
