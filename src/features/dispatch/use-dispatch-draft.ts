import { useCallback, useEffect, useRef, useState } from 'react';
import {
  loadDraft,
  saveDraft,
  type DispatchDraft,
  type DraftStorageOutcome,
} from './dispatch-draft';

const SAVE_DELAY_MS = 300;

/**
 * The wizard's state, mirrored to session storage (debounced, and at once when the page is
 * hidden or left) so a reload or a new sign-in picks up where the user was.
 */
export function useDispatchDraft(username: string) {
  const [stored] = useState(() => loadDraft(username));
  const [draft, setDraft] = useState<DispatchDraft | null>(stored.value);
  const [storageOutcome, setStorageOutcome] = useState<DraftStorageOutcome>('saved');
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    const timer = window.setTimeout(
      () => setStorageOutcome(saveDraft(username, draft)),
      SAVE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [username, draft]);

  useEffect(() => {
    const flush = () => saveDraft(username, latest.current);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [username]);

  const updateDraft = useCallback(
    (update: (current: DispatchDraft) => DispatchDraft) =>
      setDraft((current) => (current ? update(current) : current)),
    [],
  );

  return { draft, setDraft, updateDraft, storageOutcome, draftDiscarded: stored.discarded };
}
