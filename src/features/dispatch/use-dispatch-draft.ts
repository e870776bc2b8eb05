import { useCallback, useEffect, useRef, useState } from 'react';
import { loadDraft, saveDraft, type DraftStorageOutcome } from './dispatch-draft';
import { draftReducer, type DraftAction } from './draft-reducer';

const SAVE_DELAY_MS = 300;

/**
 * The wizard's state, mirrored to session storage (debounced, and at once when the page is
 * hidden or left) so a reload or a new sign-in picks up where the user was.
 */
export function useDispatchDraft(username: string) {
  const [stored] = useState(() => loadDraft(username));
  const [draft, setDraft] = useState(stored.value);
  const [storageOutcome, setStorageOutcome] = useState<DraftStorageOutcome>('saved');
  // The draft as last changed, rendered yet or not: a step change renders in a transition, and
  // a reload before it is on screen must still keep it.
  const latest = useRef(stored.value);

  const dispatch = useCallback((action: DraftAction) => {
    latest.current = draftReducer(latest.current, action);
    setDraft(latest.current);
  }, []);

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

  return { draft, dispatch, storageOutcome, draftDiscarded: stored.discarded };
}
