import { t } from '@lingui/core/macro';
import type { ConsoleLocale } from '@/i18n/locale';
import { createRequestHandler, serveRequests } from '@/lib/worker-requests';
import {
  GeofenceImportSession,
  type GeofenceImportRead,
  type SimplifiedImport,
} from './geofence-import-session';
import { activateWorkerLocale } from './import-worker-i18n';
import { packedBuffers } from './packed-shape';

/** What the import panel asks of its worker, with the page's language for what it words. */
export type ImportWorkerRequest = { locale: ConsoleLocale } & (
  { type: 'read'; file: File } | { type: 'simplify'; toleranceMetres: number }
);

export type ImportWorkerAnswer =
  { type: 'read'; result: GeofenceImportRead } | { type: 'simplified'; result: SimplifiedImport };

// Parsing, checking and simplifying a 20 MB file take seconds: here they never block the page.
const session = new GeofenceImportSession();

serveRequests(
  createRequestHandler<ImportWorkerRequest, ImportWorkerAnswer>(
    async (request) => {
      await activateWorkerLocale(request.locale);
      return request.type === 'read'
        ? {
            type: 'read',
            result: session.read(
              new Uint8Array(await request.file.arrayBuffer()),
              request.file.name,
            ),
          }
        : { type: 'simplified', result: session.simplify(request.toleranceMetres) };
    },
    (request) =>
      request.type === 'read'
        ? t`The file could not be read.`
        : t`The outlines could not be simplified.`,
    // The outlines' buffers move to the page: copying them was a long task there.
    (answer) => {
      const result = answer.result;
      if ('ok' in result && !result.ok) return [];
      return packedBuffers([
        ...result.candidates.map((candidate) => candidate.shape),
        ...result.oversized.map((candidate) => candidate.outline),
      ]);
    },
  ),
);
