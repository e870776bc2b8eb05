import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRuntime } from '@/api/runtime-context';
import { useConnection } from '@/api/use-connection';
import { dateTimeFormat } from '@/lib/format';

/** What is shown may be this old before the page says when it was read. */
const SHOWN_AGE_LIMIT_MS = 60_000;
/** How often the age is looked at again without any change in the cache. */
const RECHECK_MS = 15_000;

/**
 * When the oldest answer on screen was read, if that is more than a minute ago and it is due for
 * a refresh (what a second visit paints from the kept cache), or whenever the connection is lost
 * (nothing shown can be refreshed then).
 */
function oldestShownRead(queries: Query[], now: number, online: boolean): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || !query.isActive() || dataUpdatedAt === 0) continue;
    // Lookups read once per session (kept for good: sessionLookupQueryDefaults) date nothing.
    if (query.gcTime === Infinity) continue;
    if (online && (!query.isStale() || now - dataUpdatedAt <= SHOWN_AGE_LIMIT_MS)) continue;
    if (oldest === null || dataUpdatedAt < oldest) oldest = dataUpdatedAt;
  }
  return oldest;
}

/**
 * "As of 14:05" in the header while the page shows answers read more than a minute ago (live
 * mode: the demo's service is in the page and never out of reach).
 */
export function ShownDataAge() {
  return useRuntime().demo ? null : <LiveDataAge />;
}

function LiveDataAge() {
  const { t } = useLingui();
  const client = useQueryClient();
  const { online } = useConnection();
  const [readAt, setReadAt] = useState<number | null>(null);
  useEffect(() => {
    const cache = client.getQueryCache();
    let scheduled = false;
    const look = () => {
      scheduled = false;
      setReadAt(oldestShownRead(cache.getAll(), Date.now(), online));
    };
    // Many cache events arrive together (a page's reads): one look after them.
    const lookSoon = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(look);
    };
    look();
    const unsubscribe = cache.subscribe(lookSoon);
    const timer = window.setInterval(look, RECHECK_MS);
    return () => {
      unsubscribe();
      window.clearInterval(timer);
    };
  }, [client, online]);
  if (readAt === null) return null;
  const time = dateTimeFormat({ timeStyle: 'short' }).format(readAt);
  const full = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(readAt);
  return (
    <Badge
      variant="light"
      color="gray"
      style={{ flexShrink: 0 }}
      title={t`Some of what this page shows was read at ${full}.`}
    >
      {t`As of ${time}`}
    </Badge>
  );
}
