/** A file of the Vite manifest (.vite/manifest.json), the fields these scripts read. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): ViteManifest;
export function pageLoaderFiles(manifest: ViteManifest): Set<string>;
export function filesForRoute(manifest: ViteManifest, routeFiles: string[]): Set<string>;
export const kib: (bytes: number) => string;
export const APP_SHELL_ROUTE_FILES: string[];
