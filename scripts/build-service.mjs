// Builds the demo service's HTTP host (src/mocks/http-main.ts) into one Node module with Vite's
// SSR build, so it runs on plain Node with the app's own module resolution (@/ imports, zod).
// Its dependencies (msw) stay imports of node_modules.
import { build } from 'vite';

export const serviceOutDir = 'dist-service';
export const serviceEntry = `${serviceOutDir}/fleet-service.mjs`;

export async function buildService() {
  await build({
    logLevel: 'warn',
    build: {
      ssr: 'src/mocks/http-main.ts',
      outDir: serviceOutDir,
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: 'fleet-service.mjs' } },
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildService();
