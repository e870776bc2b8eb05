import { t } from '@lingui/core/macro';
import { describeError, isApiError } from '@/api/api-error';
import {
  getSafetyEvent,
  streamSafetyEventFile,
  type SafetyEvent,
  type SafetyEventFileFormat,
} from '@/api/safety-events';
import { positionProblem } from '@/lib/map-shape';
import { eventFileBase, formatClipTime } from '../event-format';
import { triggerSecond } from '../event-timeline-scale';
import { uniqueFileName } from '../safe-file-name';
import { captureStills, renderMapImage, type PacketImage } from './packet-media';
import { eventReportText, type PacketNames, type ReportVehicle } from './packet-report-content';
import { buildReportPdf } from './packet-report-pdf';
import { notAVideoProblem } from './packet-video-check';
import { PacketZipWriter, readHashed, sha256Hex, type HashedBlob } from './packet-zip';

export type PacketFileState = 'waiting' | 'reading' | 'done' | 'failed' | 'skipped';

export interface PacketFileProgress {
  label: string;
  state: PacketFileState;
  loaded: number;
  total: number | null;
  message?: string;
}

export type PacketEventState = 'waiting' | 'packing' | 'packed' | 'partial' | 'failed';

export interface PacketEventProgress {
  eventId: string;
  /** The event's own ID (`EVT-…`) once its details are read, until then its GUID. */
  label: string;
  state: PacketEventState;
  files: readonly PacketFileProgress[];
  /** What could not go into the packet, in words for the reader. */
  problems: readonly string[];
}

export interface PacketManifest {
  madeBy: string;
  madeAt: string;
  console: string;
  events: {
    /** The service's GUID for the event. */
    eventId: string;
    /** The event's own ID as the service gave it, which the folder name is made safe from. */
    customerEventId: string | null;
    /** The event's folder in the archive; null when nothing of it could be packed. */
    folder: string | null;
    /** True only when everything asked for is in the packet and the video could be decoded. */
    packed: boolean;
    problems: string[];
  }[];
  files: { path: string; bytes: number; sha256: string }[];
}

export interface EvidencePacket {
  zip: Blob;
  fileName: string;
  manifest: PacketManifest;
}

export interface PacketRequest {
  eventIds: readonly string[];
  includeDce: boolean;
  names: PacketNames;
  /** The vehicle's name, VIN and plate, or null when it cannot be read (the report names its ID). */
  vehicle: (vehicleId: string, signal: AbortSignal) => Promise<ReportVehicle | null>;
  madeBy: string;
  consoleVersion: string;
  map: { tileUrl: string; attribution: string };
  signal: AbortSignal;
  onProgress: (events: readonly PacketEventProgress[]) => void;
  now?: () => Date;
}

/** Byte counts are reported at most this often; a state change is reported at once. */
const PROGRESS_INTERVAL_MS = 100;

/** The packet's files as its progress names them, in the language chosen when it is built. */
function fileLabel(file: SafetyEventFileFormat | 'stills' | 'report'): string {
  switch (file) {
    case 'mp4':
      return t`Video (MP4)`;
    case 'dce':
      return t`Event file (DCE)`;
    case 'stills':
      return t`Stills`;
    case 'report':
      return t`Report (PDF)`;
  }
}

/** Why a file could not be read, as the reader should hear it. */
function fileProblem(format: SafetyEventFileFormat, error: unknown): string {
  const reason = describeError(error);
  const missing = isApiError(error) && error.status === 404;
  if (format === 'mp4') {
    return missing
      ? t`The service has no video for this event.`
      : t`The video could not be read: ${reason}`;
  }
  return missing
    ? t`The service has no DCE file for this event.`
    : t`The DCE file could not be read: ${reason}`;
}

/**
 * A translated word of a file name, kept to letters, digits, dot, dash and underscore (accents
 * dropped) so it opens on every system; `english` when nothing of it is left.
 */
function fileWord(translated: string, english: string): string {
  const plain = translated
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain || english;
}

function reportFileName(): string {
  return `${fileWord(t`report`, 'report')}.pdf`;
}

function stillFileName(stillNumber: number): string {
  return `${fileWord(t`still-${stillNumber}`, `still-${stillNumber}`)}.jpg`;
}

function isCancel(signal: AbortSignal): boolean {
  return signal.aborted;
}

class ProgressBoard {
  private events: PacketEventProgress[];
  private lastSent = 0;

  constructor(
    eventIds: readonly string[],
    private readonly send: (events: readonly PacketEventProgress[]) => void,
  ) {
    this.events = eventIds.map((eventId) => ({
      eventId,
      label: eventId,
      state: 'waiting',
      files: [],
      problems: [],
    }));
    this.flush();
  }

  get current(): readonly PacketEventProgress[] {
    return this.events;
  }

  event(index: number, change: Partial<PacketEventProgress>): void {
    this.events = this.events.map((event, at) => (at === index ? { ...event, ...change } : event));
    this.flush();
  }

  file(index: number, label: string, change: Partial<PacketFileProgress>, bytesOnly = false): void {
    this.events = this.events.map((event, at) => {
      if (at !== index) return event;
      const known = event.files.some((file) => file.label === label);
      const files = known
        ? event.files.map((file) => (file.label === label ? { ...file, ...change } : file))
        : [...event.files, { label, state: 'waiting' as const, loaded: 0, total: null, ...change }];
      return { ...event, files };
    });
    if (!bytesOnly || Date.now() - this.lastSent >= PROGRESS_INTERVAL_MS) this.flush();
  }

  problem(index: number, problem: string): void {
    const event = this.events[index];
    if (event) this.event(index, { problems: [...event.problems, problem] });
  }

  private flush(): void {
    this.lastSent = Date.now();
    this.send(this.events);
  }
}

/** Stills a little before, at and after the trigger (8 s into a standard clip). */
function stillMoments(duration: number): number[] {
  const trigger = triggerSecond(duration > 0 ? duration : null);
  return [trigger - 2, trigger, trigger + 2];
}

async function readEventFile(
  event: SafetyEvent,
  format: SafetyEventFileFormat,
  board: ProgressBoard,
  index: number,
  signal: AbortSignal,
): Promise<HashedBlob | null> {
  const label = fileLabel(format);
  board.file(index, label, { state: 'reading' });
  try {
    const body = await streamSafetyEventFile(event.id, format, signal);
    board.file(index, label, { total: body.size });
    const read = await readHashed(body.stream, body.type, signal, (loaded) =>
      board.file(index, label, { loaded }, true),
    );
    board.file(index, label, { state: 'done', loaded: read.blob.size, total: read.blob.size });
    return read;
  } catch (error) {
    if (isCancel(signal)) throw error;
    const message = fileProblem(format, error);
    board.file(index, label, { state: 'failed', message });
    board.problem(index, message);
    return null;
  }
}

/**
 * Builds the evidence packet in the browser: per event its video (and DCE on request), a PDF
 * report with stills and a map, then one manifest with every file's SHA-256. An event that cannot
 * be read is named in the manifest and the progress; the others go on. Cancel rejects at once.
 */
export async function buildEvidencePacket(request: PacketRequest): Promise<EvidencePacket | null> {
  const { signal } = request;
  const now = request.now ?? (() => new Date());
  const board = new ProgressBoard(request.eventIds, request.onProgress);
  const zip = new PacketZipWriter();
  const files: PacketManifest['files'] = [];
  const manifestEvents: PacketManifest['events'] = [];
  const usedFolders = new Set<string>();
  const abandon = () => zip.abandon();
  signal.addEventListener('abort', abandon, { once: true });

  const addBytes = (path: string, bytes: Uint8Array) => {
    zip.addBytes(path, bytes);
    files.push({ path, bytes: bytes.byteLength, sha256: sha256Hex(bytes) });
  };

  try {
    for (const [index, eventId] of request.eventIds.entries()) {
      if (signal.aborted) throw signal.reason;
      board.event(index, { state: 'packing' });
      let event: SafetyEvent;
      try {
        event = await getSafetyEvent(eventId, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const reason = describeError(error);
        const problem = t`The event could not be read: ${reason}`;
        board.event(index, { state: 'failed', problems: [problem] });
        manifestEvents.push({
          eventId,
          customerEventId: null,
          folder: null,
          packed: false,
          problems: [problem],
        });
        continue;
      }
      const folder = uniqueFileName(eventFileBase(event), usedFolders);
      board.event(index, { label: event.customerEventId || event.id });

      const video = await readEventFile(event, 'mp4', board, index, signal);
      const dce = request.includeDce
        ? await readEventFile(event, 'dce', board, index, signal)
        : null;

      const stillsLabel = fileLabel('stills');
      board.file(index, stillsLabel, { state: 'reading' });
      let stills: (PacketImage & { second: number })[] = [];
      let stillsMissing: string | null = null;
      const notAVideo = video && (await notAVideoProblem(video.blob));
      if (notAVideo) {
        board.file(index, fileLabel('mp4'), { state: 'failed', message: notAVideo });
        board.problem(index, notAVideo);
        stillsMissing = t`No stills: the video file is not a video.`;
        board.file(index, stillsLabel, { state: 'skipped', message: stillsMissing });
      } else if (video) {
        try {
          stills = await captureStills(video.blob, stillMoments, signal);
          board.file(index, stillsLabel, { state: 'done' });
        } catch (error) {
          if (signal.aborted) throw error;
          // A video no browser can decode is evidence no one can watch: the event is not complete.
          const reason = describeError(error);
          const problem = t`No stills could be taken, so the video may be damaged: ${reason}`;
          stillsMissing = t`No stills: ${reason}`;
          board.file(index, stillsLabel, { state: 'failed', message: stillsMissing });
          board.problem(index, problem);
        }
      } else {
        stillsMissing = t`No stills: the video could not be read.`;
        board.file(index, stillsLabel, { state: 'skipped', message: stillsMissing });
      }

      const reportLabel = fileLabel('report');
      board.file(index, reportLabel, { state: 'reading' });
      let map: PacketImage | null = null;
      let mapMissing: string | null = null;
      const { latitude, longitude } = event;
      const positionUnusable = positionProblem(latitude, longitude);
      if (typeof latitude !== 'number' || typeof longitude !== 'number') {
        mapMissing = t`No map image: no position was recorded.`;
      } else if (positionUnusable) {
        // Drawn, such a position would ask for tiles that do not exist (or infinitely many).
        mapMissing = t`No map image: ${positionUnusable}. The coordinates are above.`;
      } else {
        try {
          map = await renderMapImage(latitude, longitude, request.map.tileUrl, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          mapMissing = t`No map image: the map tiles could not be loaded. The coordinates are above.`;
        }
      }
      const vehicle = event.vehicleId ? await request.vehicle(event.vehicleId, signal) : null;
      const madeAt = now();
      const { madeBy, consoleVersion } = request;
      const madeAtText = madeAt.toISOString();
      const pdf = await buildReportPdf({
        ...eventReportText(event, request.names, vehicle, video?.sha256 ?? null),
        stills: stills.map((still, at) => {
          const stillNumber = at + 1;
          const stillCount = stills.length;
          const moment = formatClipTime(still.second);
          return {
            jpeg: still.bytes,
            width: still.width,
            height: still.height,
            caption:
              at === 1
                ? t`Still ${stillNumber} of ${stillCount}: ${moment} into the clip (the trigger)`
                : t`Still ${stillNumber} of ${stillCount}: ${moment} into the clip`,
          };
        }),
        stillsMissing,
        map: map && {
          png: map.bytes,
          width: map.width,
          height: map.height,
          attribution: request.map.attribution,
        },
        mapMissing,
        footer: t`Made by ${madeBy} on ${madeAtText} with Fleet Console ${consoleVersion}`,
      });
      board.file(index, reportLabel, {
        state: 'done',
        loaded: pdf.byteLength,
        total: pdf.byteLength,
      });

      if (video) {
        const path = `${folder}/${folder}.mp4`;
        await zip.addBlob(path, video.blob, signal);
        files.push({ path, bytes: video.blob.size, sha256: video.sha256 });
      }
      if (dce) {
        const path = `${folder}/${folder}.dce`;
        await zip.addBlob(path, dce.blob, signal);
        files.push({ path, bytes: dce.blob.size, sha256: dce.sha256 });
      }
      addBytes(`${folder}/${reportFileName()}`, pdf);
      stills.forEach((still, at) => addBytes(`${folder}/${stillFileName(at + 1)}`, still.bytes));

      const problems = [...(board.current[index]?.problems ?? [])];
      board.event(index, { state: problems.length > 0 ? 'partial' : 'packed' });
      manifestEvents.push({
        eventId: event.id,
        customerEventId: event.customerEventId,
        folder,
        packed: problems.length === 0,
        problems,
      });
    }

    const inPacket = manifestEvents.filter((event) => event.folder !== null);
    if (inPacket.length === 0) {
      zip.abandon();
      return null;
    }
    const manifest: PacketManifest = {
      madeBy: request.madeBy,
      madeAt: now().toISOString(),
      console: `Fleet Console ${request.consoleVersion}`,
      events: manifestEvents,
      files,
    };
    zip.addBytes(
      'manifest.json',
      new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    );
    const [onlyEvent] = inPacket;
    const onlyFolder = onlyEvent?.folder;
    const day = manifest.madeAt.slice(0, 10);
    const eventCount = inPacket.length;
    const fileName =
      inPacket.length === 1 && onlyFolder
        ? `${fileWord(t`evidence-${onlyFolder}`, `evidence-${onlyFolder}`)}.zip`
        : `${fileWord(
            t`evidence-packet-${day}-${eventCount}-events`,
            `evidence-packet-${day}-${eventCount}-events`,
          )}.zip`;
    return { zip: await zip.finish(), fileName, manifest };
  } finally {
    signal.removeEventListener('abort', abandon);
  }
}
