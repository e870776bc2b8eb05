import { useEffect } from 'react';

/** Object URLs by Blob: every component showing the same Blob shares one. */
const objectUrls = new Map<Blob, { url: string; holders: number }>();

/** How long a URL no component holds lives on: a remount (StrictMode's, a moved view) takes it back. */
const REVOKE_DELAY_MS = 1_000;

function objectUrlEntry(blob: Blob): { url: string; holders: number } {
  let entry = objectUrls.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), holders: 0 };
    objectUrls.set(blob, entry);
  }
  return entry;
}

/** Keeps the Blob's URL alive until the returned release, and revokes it once nothing holds it. */
function holdObjectUrl(blob: Blob): () => void {
  const entry = objectUrlEntry(blob);
  entry.holders += 1;
  return () => {
    entry.holders -= 1;
    setTimeout(() => {
      if (entry.holders > 0 || objectUrls.get(blob) !== entry) return;
      URL.revokeObjectURL(entry.url);
      objectUrls.delete(blob);
    }, REVOKE_DELAY_MS);
  };
}

/** An object URL for a Blob, revoked once no mounted component shows that Blob. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = blob ? objectUrlEntry(blob).url : null;
  useEffect(() => (blob ? holdObjectUrl(blob) : undefined), [blob]);
  return url;
}
