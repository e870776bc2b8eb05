import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Request } from '@playwright/test';

/** One request the console sent during an e2e run, as the request check reads it. */
export interface RecordedRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: string | null;
  /** Where it came from, for the check's report. */
  test: string;
}

/** One file per worker (no two processes append to one file), emptied when a run starts. */
const requestLogDir = fileURLToPath(new URL('../test-results/api-requests', import.meta.url));

/**
 * Marks a request a journey sends itself from the page, as someone probing the service would
 * (`sendFromPage` in fixtures.ts): it is not the console's, so it is not recorded.
 */
export const PROBE_HEADER = 'x-journey-probe';

/** Scripts, styles and fonts are the build's own files, never a request to a service. */
const staticResourceTypes = new Set(['document', 'script', 'stylesheet', 'font', 'manifest']);

export function clearRequestLog(): void {
  rmSync(requestLogDir, { recursive: true, force: true });
}

/**
 * Appends the page's same-origin requests (the demo service worker's answers included: the page
 * sees the request it sent, whoever answers it) to this worker's file.
 */
export function recordRequest(request: Request, workerIndex: number, test: string): void {
  if (request.serviceWorker() || staticResourceTypes.has(request.resourceType())) return;
  if (request.headers()[PROBE_HEADER] !== undefined) return;
  const frame = request.frame();
  const pageUrl = frame.page()?.url();
  if (!pageUrl || new URL(request.url()).origin !== new URL(pageUrl).origin) return;
  const entry: RecordedRequest = {
    method: request.method(),
    url: request.url(),
    contentType: request.headers()['content-type'] ?? null,
    body: request.postData(),
    test,
  };
  mkdirSync(requestLogDir, { recursive: true });
  appendFileSync(join(requestLogDir, `worker-${workerIndex}.jsonl`), `${JSON.stringify(entry)}\n`);
}

function isRecordedRequest(value: unknown): value is RecordedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const entry: Partial<Record<keyof RecordedRequest, unknown>> = value;
  return (
    typeof entry.method === 'string' &&
    typeof entry.url === 'string' &&
    typeof entry.test === 'string' &&
    (entry.contentType === null || typeof entry.contentType === 'string') &&
    (entry.body === null || typeof entry.body === 'string')
  );
}

export function readRequestLog(): RecordedRequest[] {
  let files: string[];
  try {
    files = readdirSync(requestLogDir).filter((name) => name.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return files.flatMap((name) =>
    readFileSync(join(requestLogDir, name), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line): unknown => JSON.parse(line))
      .filter(isRecordedRequest),
  );
}
