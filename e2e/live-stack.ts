import { cp, readdir, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { demoFaultsSchema, type DemoFault } from '../src/mocks/demo-faults';

/**
 * Where the `live` project's stack runs (scripts/live-stack.mjs): nginx on E2E_LIVE_PORT (the demo
 * port + 100 unless set), the demo service over HTTP on the next port, its files in .live-stack/.
 */
const demoPort = Number(process.env.E2E_PORT ?? 4173);
const port = Number(process.env.E2E_LIVE_PORT ?? demoPort + 100);

export const liveStack = liveStackOn(port);

/** A live stack with nginx on `port` (the WebKit smoke runs one of its own). */
export function liveStackOn(port: number) {
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    serviceUrl: `http://127.0.0.1:${port + 1}`,
    directory: resolve(`.live-stack/${port}`),
  };
}

/** The command that starts it, on a build made already or on its own build. */
export function liveStackCommand(buildDir: string | undefined, stack = liveStack): string {
  return [
    'node scripts/live-stack.mjs',
    `--port ${stack.port}`,
    `--service-port ${stack.port + 1}`,
    `--dir ${stack.directory}`,
    buildDir ? `--build-dir ${buildDir}` : '',
  ].join(' ');
}

async function admin(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${liveStack.serviceUrl}/__service/${path}`, init);
  if (!response.ok) throw new Error(`The service's ${path} answered ${response.status}.`);
  return response;
}

/** The seeded company again and no faults: each live journey starts where a demo one does. */
export async function resetLiveService(): Promise<void> {
  await admin('reset', { method: 'POST' });
}

export async function liveServiceFaults(): Promise<DemoFault[]> {
  return demoFaultsSchema.parse(await (await admin('faults')).json());
}

export async function setLiveServiceFaults(faults: DemoFault[]): Promise<void> {
  await admin('faults', { method: 'PUT', body: JSON.stringify(faults) });
}

/**
 * Deploys a new version as a release swap does: a copy of the served build whose every hashed
 * file has a new name (so the old tab's chunks are gone) unless only the configuration changes,
 * with `config` merged into its config.json, made live by replacing the `current` link in one
 * rename. The service worker's sw.js names the new files and a new index.html, as a new build's
 * would, so an installed worker sees a new version.
 */
export async function deployNewVersion(
  name: string,
  config: Record<string, unknown> = {},
  { configOnly = false } = {},
): Promise<void> {
  const current = join(liveStack.directory, 'current');
  const release = join(liveStack.directory, 'releases', name);
  await cp(current, release, { recursive: true, dereference: true });
  const assets = join(release, 'assets');
  const renamed = new Map<string, string>();
  for (const file of configOnly ? [] : await readdir(assets)) {
    if (/\.(js|css)$/.test(file)) renamed.set(file, `${name}-${file}`);
  }
  const pattern = new RegExp(
    [...renamed.keys()]
      .sort((a, b) => b.length - a.length)
      .map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  const textFiles =
    renamed.size === 0
      ? []
      : [
          'index.html',
          'sw.js',
          ...[...renamed.keys()].map((file) => `assets/${file}`),
          '.vite/manifest.json',
        ];
  for (const file of textFiles) {
    const path = join(release, file);
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const replaced = text.replace(pattern, (match) => renamed.get(match) ?? match);
      await writeFile(
        path,
        file === 'sw.js'
          ? replaced.replace(/(\{url:"index\.html",revision:)"[^"]*"/, `$1"${name}"`)
          : replaced,
      );
    }
  }
  for (const [from, to] of renamed) await rename(join(assets, from), join(assets, to));
  const configPath = join(release, 'config.json');
  const served: unknown = JSON.parse(await readFile(configPath, 'utf8'));
  const base = typeof served === 'object' && served !== null ? served : {};
  await writeFile(configPath, `${JSON.stringify({ ...base, ...config }, null, 2)}\n`);
  await symlink(release, `${current}.next`);
  await rename(`${current}.next`, current);
}
