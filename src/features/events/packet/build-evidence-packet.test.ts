import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/api-error';
import type { SafetyEvent } from '@/api/safety-events';
import { buildEvidencePacket, type PacketRequest } from './build-evidence-packet';
import { sha256Hex } from './packet-zip';

const service = vi.hoisted(() => ({
  events: new Map<string, unknown>(),
  files: new Map<string, Uint8Array | Error>(),
  fileRequests: [] as string[],
  mapRequests: [] as unknown[][],
  mapMissing: [] as (string | null)[],
  stillsError: null as Error | null,
}));

vi.mock('@/api/safety-events', () => ({
  getSafetyEvent: (id: string) => {
    const event = service.events.get(id);
    return event
      ? Promise.resolve(event)
      : Promise.reject(
          new ApiError({
            status: 503,
            code: 'HTTP',
            message: 'The service is unavailable right now.',
          }),
        );
  },
  streamSafetyEventFile: (id: string, format: string) => {
    service.fileRequests.push(`${id}.${format}`);
    const file = service.files.get(`${id}.${format}`);
    if (!file)
      return Promise.reject(new ApiError({ status: 404, code: 'HTTP', message: 'Not found.' }));
    if (file instanceof Error) return Promise.reject(file);
    return Promise.resolve({
      stream: new Blob([new Uint8Array(file)]).stream(),
      size: file.byteLength,
      type: '',
    });
  },
}));

// Stills and the map need a browser's video and canvas: stand-ins with real JPEG/PNG bytes' shape.
vi.mock('./packet-media', () => ({
  captureStills: (_video: Blob, secondsFor: (duration: number) => number[]) =>
    service.stillsError
      ? Promise.reject(service.stillsError)
      : Promise.resolve(
          secondsFor(12).map((second) => ({
            bytes: new Uint8Array([0xff, 0xd8, second]),
            width: 4,
            height: 3,
            second,
          })),
        ),
  renderMapImage: (...args: unknown[]) => {
    service.mapRequests.push(args);
    return Promise.reject(new Error('No tiles here.'));
  },
}));
vi.mock('./packet-report-pdf', () => ({
  buildReportPdf: (report: { title: string; mapMissing: string | null }) => {
    service.mapMissing.push(report.mapMissing);
    return Promise.resolve(new TextEncoder().encode(report.title));
  },
}));

function event(id: string, customerEventId: string): Partial<SafetyEvent> {
  return {
    id,
    customerEventId,
    eventTriggerId: 1,
    eventTriggerSubTypeId: 1,
    eventStatusId: 1,
    recordDateUTC: '2026-11-03T22:03:22Z',
    recordDateTZ: 'PST',
    recordDateUTCOffset: -480,
    score: 7,
    erSerialNumber: 'QM40012345',
    groupId: 'g1',
    latitude: 45.5,
    longitude: -122.6,
  };
}

function request(eventIds: string[], changes: Partial<PacketRequest> = {}): PacketRequest {
  return {
    eventIds,
    includeDce: false,
    names: {
      trigger: () => 'Harsh Braking',
      subtype: () => 'Hard stop',
      status: () => 'New',
      behaviour: () => 'Late response',
      risk: () => 'Rain',
      groupPath: () => ['Acme Freight', 'Portland Depot'],
    },
    vehicle: () => Promise.resolve({ name: 'PDX-T101', vin: null, licensePlate: null }),
    madeBy: 'maria.lopez',
    consoleVersion: '1.2.3',
    map: { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'Map data' },
    signal: new AbortController().signal,
    onProgress: () => undefined,
    now: () => new Date('2026-11-28T10:00:00Z'),
    ...changes,
  };
}

beforeEach(() => {
  service.events.clear();
  service.files.clear();
  service.fileRequests.length = 0;
  service.mapRequests.length = 0;
  service.mapMissing.length = 0;
  service.stillsError = null;
  service.events.set('a', event('a', 'EVT-1'));
  service.events.set('b', event('b', 'EVT-2'));
  service.files.set('a.mp4', new Uint8Array([0, 0, 0, 8, 102, 116, 121, 112]));
  service.files.set('a.dce', new TextEncoder().encode('DCE1 a'));
  service.files.set('b.dce', new TextEncoder().encode('DCE1 b'));
});

describe('buildEvidencePacket', () => {
  it('draws no map image for a position no map can show, and says why in the report', async () => {
    // .NET's smallest double, as the vendor's example records carry for a position.
    service.events.set('a', {
      ...event('a', 'EVT-1'),
      latitude: -1.7976931348623157e308,
      longitude: -1.7976931348623157e308,
    });
    const packet = await buildEvidencePacket(request(['a']));
    expect(packet).not.toBeNull();
    expect(service.mapRequests).toEqual([]);
    expect(service.mapMissing).toEqual([
      'No map image: its position is outside the map. The coordinates are above.',
    ]);
  });

  it('packs every event it can, names what it could not, and hashes each file in the manifest', async () => {
    const progress: string[][] = [];
    const packet = await buildEvidencePacket(
      request(['a', 'b', 'gone'], {
        includeDce: true,
        onProgress: (events) => progress.push(events.map((item) => `${item.label}:${item.state}`)),
      }),
    );
    expect(packet).not.toBeNull();
    const files = unzipSync(new Uint8Array(await packet!.zip.arrayBuffer()));
    const manifest = packet!.manifest;
    expect(packet!.fileName).toBe('evidence-packet-2026-11-28-2-events.zip');
    expect(manifest).toMatchObject({
      madeBy: 'maria.lopez',
      madeAt: '2026-11-28T10:00:00.000Z',
      console: 'Fleet Console 1.2.3',
    });
    expect(manifest.events).toEqual([
      { eventId: 'a', customerEventId: 'EVT-1', folder: 'EVT-1', packed: true, problems: [] },
      {
        eventId: 'b',
        customerEventId: 'EVT-2',
        folder: 'EVT-2',
        // Its report and DCE file are in, its video is not: not everything asked for.
        packed: false,
        problems: ['The service has no video for this event.'],
      },
      {
        eventId: 'gone',
        customerEventId: null,
        folder: null,
        packed: false,
        problems: ['The event could not be read: The service is unavailable right now.'],
      },
    ]);
    expect(Object.keys(files).sort()).toEqual(
      [
        'EVT-1/EVT-1.mp4',
        'EVT-1/EVT-1.dce',
        'EVT-1/report.pdf',
        'EVT-1/still-1.jpg',
        'EVT-1/still-2.jpg',
        'EVT-1/still-3.jpg',
        'EVT-2/EVT-2.dce',
        'EVT-2/report.pdf',
        'manifest.json',
      ].sort(),
    );
    for (const entry of manifest.files) expect(sha256Hex(files[entry.path]!)).toBe(entry.sha256);
    // Stills 2 s before, at and 2 s after the trigger, 8 s into the clip.
    expect([...files['EVT-1/still-2.jpg']!]).toEqual([0xff, 0xd8, 8]);
    expect(progress.at(-1)).toEqual(['EVT-1:packed', 'EVT-2:partial', 'gone:failed']);
  });

  it('gives hostile and colliding event IDs safe folders of their own, and keeps the IDs in the manifest', async () => {
    const ids = ['dots', 'dot', 'slash', 'drive', 'upper', 'lower'];
    const customerIds = ['..', '.', '../../etc/passwd', 'C:\\evil', 'EVT-9', 'evt-9'];
    ids.forEach((id, at) => {
      service.events.set(id, event(`${id}-0000`, customerIds[at]!));
      service.files.set(`${id}-0000.mp4`, new Uint8Array([0, 0, 0, 8, 102, 116, 121, 112]));
    });
    const packet = await buildEvidencePacket(request(ids));
    const files = unzipSync(new Uint8Array(await packet!.zip.arrayBuffer()));
    expect(
      packet!.manifest.events.map(({ customerEventId, folder }) => [customerEventId, folder]),
    ).toEqual([
      ['..', 'dots-0000'],
      ['.', 'dot-0000'],
      ['../../etc/passwd', 'etc-passwd'],
      ['C:\\evil', 'C-evil'],
      ['EVT-9', 'EVT-9'],
      ['evt-9', 'evt-9-2'],
    ]);
    for (const path of Object.keys(files)) {
      expect(path.split('/').every((part) => part !== '..' && part !== '.' && part !== '')).toBe(
        true,
      );
      expect(path).not.toMatch(/[\\:]/);
    }
    // Six reports, none over another.
    expect(Object.keys(files).filter((path) => path.endsWith('/report.pdf'))).toHaveLength(6);
  });

  it('names a video that is not one, and does not call its event packed', async () => {
    service.files.set('a.mp4', new TextEncoder().encode('not a video at all!'));
    const results: string[][] = [];
    const packet = await buildEvidencePacket(
      request(['a'], {
        onProgress: (events) => results.push([events[0]!.state, ...events[0]!.problems]),
      }),
    );
    const problem =
      'The video file is not a video (19 bytes of text). It is packed as the service sent it.';
    expect(packet!.manifest.events).toEqual([
      {
        eventId: 'a',
        customerEventId: 'EVT-1',
        folder: 'EVT-1',
        packed: false,
        problems: [problem],
      },
    ]);
    expect(results.at(-1)).toEqual(['partial', problem]);
    expect(packet!.fileName).toBe('evidence-EVT-1.zip');
  });

  it('names a video the browser cannot decode', async () => {
    service.stillsError = new Error('The video could not be decoded.');
    const packet = await buildEvidencePacket(request(['a']));
    expect(packet!.manifest.events[0]).toMatchObject({
      packed: false,
      problems: [
        'No stills could be taken, so the video may be damaged: The video could not be decoded.',
      ],
    });
  });

  it('makes no packet when no event could be read', async () => {
    await expect(buildEvidencePacket(request(['gone']))).resolves.toBeNull();
  });

  it('stops at Cancel without reading the events that were still to come', async () => {
    const controller = new AbortController();
    const build = buildEvidencePacket(
      request(['a', 'b'], {
        signal: controller.signal,
        onProgress: (events) => {
          if (events[0]?.files.some((file) => file.state === 'done')) controller.abort();
        },
      }),
    );
    await expect(build).rejects.toBeDefined();
    expect(service.fileRequests).toEqual(['a.mp4']);
  });
});
