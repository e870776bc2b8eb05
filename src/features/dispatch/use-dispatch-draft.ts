import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import { loadDraft, saveDraft, type DraftStorageOutcome } from './dispatch-draft';
import { draftReducer } from './draft-reducer';

const SAVE_DELAY_MS = 300;

/**
 * The wizard's state, mirrored to session storage (debounced, and at once when the page is
 * hidden or left) so a reload or a new sign-in picks up where the user was.
 */
export function useDispatchDraft(username: string) {
  const [stored] = useState(() => loadDraft(username));
  const [draft, dispatch] = useReducer(draftReducer, stored.value);
  const [storageOutcome, setStorageOutcome] = useState<DraftStorageOutcome>('saved');

  useEffect(() => {
    const timer = window.setTimeout(
      () => setStorageOutcome(saveDraft(username, draft)),
      SAVE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [username, draft]);

  // The draft as last rendered, whenever the page is hidden or the wizard goes.
  const flush = useEffectEvent(() => saveDraft(username, draft));
  useEffect(() => {
    const onPageHide = () => flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush();
    };
  }, [username]);

  return { draft, dispatch, storageOutcome, draftDiscarded: stored.discarded };
}
