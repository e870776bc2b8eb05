import {
  GeofenceImportSession,
  type GeofenceImportRead,
  type SimplifiedImport,
} from './geofence-import-session';

/** What the import panel asks of its worker. */
export type ImportWorkerRequest =
  { type: 'read'; file: Blob } | { type: 'simplify'; toleranceMetres: number };

export type ImportWorkerResponse =
  | { type: 'read'; result: GeofenceImportRead }
  | { type: 'simplified'; result: SimplifiedImport }
  | { type: 'failed'; message: string };

// Parsing, checking and simplifying a 20 MB file take seconds: here they never block the page.
const session = new GeofenceImportSession();
const reply = (message: ImportWorkerResponse) => postMessage(message);

addEventListener('message', (event: MessageEvent<ImportWorkerRequest>) => {
  const request = event.data;
  void (async () => {
    try {
      if (request.type === 'read') {
        const bytes = new Uint8Array(await request.file.arrayBuffer());
        reply({ type: 'read', result: session.read(bytes) });
      } else {
        reply({ type: 'simplified', result: session.simplify(request.toleranceMetres) });
      }
    } catch {
      reply({
        type: 'failed',
        message:
          request.type === 'read'
            ? 'The file could not be read.'
            : 'The outlines could not be simplified.',
      });
    }
  })();
});
