import { useEffect, useState } from 'react';

const waiting: (() => void)[] = [];
let scheduled = false;

function startNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(startNext, 0);
}

/**
 * False until this component's turn comes. A chart takes a few milliseconds to mount; a page of
 * 25 at once held the page for a third of a second, one per task never holds it.
 */
export function useStaggeredMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    waiting.push(start);
    schedule();
    return () => {
      const index = waiting.indexOf(start);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, []);
  return ready;
}
