import { downloadBlob } from '@/lib/csv-export';

/** Saves text as a file through the browser's download, without a round trip to a server. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** A file name from free text: no characters that file systems refuse. */
export function safeFileName(text: string): string {
  return text.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'geofences';
}
