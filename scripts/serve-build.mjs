#!/usr/bin/env node
/**
 * Serves a production build as a static host does, for the journeys and the Firefox smoke:
 * files from memory, the single-page fallback to index.html, hashed /assets/ cached for a year,
 * index.html, config.json, sw.js and the web app manifest never cached (as deploy/'s nginx
 * template). `vite preview` did the
 * same with a middleware stack that cost the journeys a few percent of the machine's CPU.
 *
 *   node scripts/serve-build.mjs --dir dist --port 4173
 *
 * It has no proxy to the vendor's service: the demo build's service answers inside the browser.
 * scripts/vendor-mock.mjs serves a build with the same handler, beside its proxy.
 */
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** Every file of the build, read once: a journey's page load asks for dozens of them. */
async function readBuild(root) {
  const files = new Map();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(`/${relative(root, path).split(sep).join('/')}`, await readFile(path));
  }
  return files;
}

function cacheControl(path) {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * The request handler of a build folder, its files read once; `replace` swaps files by path (the
 * vendor mock's config.json).
 */
export async function buildHandler(directory, replace = {}) {
  const root = resolve(directory);
  const files = await readBuild(root);
  for (const [path, body] of Object.entries(replace)) files.set(path, Buffer.from(body));
  const indexHtml = files.get('/index.html');
  if (!indexHtml) throw new Error(`${root} holds no index.html: build it first.`);
  return (request, response) => serveFile(files, indexHtml, request, response);
}

function serveFile(files, indexHtml, request, response) {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
  let body = files.get(path);
  let served = path;
  // Addresses of the app's pages fall back to index.html; a missing file (a script, an image)
  // is a 404, as a chunk of a replaced build must be.
  if (!body && !extname(path)) {
    body = indexHtml;
    served = '/index.html';
  }
  if (!body || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(body ? 405 : 404, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS });
    response.end(body ? 'Method not allowed' : 'Not found');
    return;
  }
  const headers = {
    'Content-Type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(served),
    'Accept-Ranges': 'bytes',
    ...SECURITY_HEADERS,
  };
  // A video element asks for ranges to seek.
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
    const end =
      range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    if (start > end || start >= body.length) {
      response.writeHead(416, { ...headers, 'Content-Range': `bytes */${body.length}` });
      response.end();
      return;
    }
    response.writeHead(206, {
      ...headers,
      'Content-Range': `bytes ${start}-${end}/${body.length}`,
      'Content-Length': end - start + 1,
    });
    response.end(request.method === 'HEAD' ? undefined : body.subarray(start, end + 1));
    return;
  }
  response.writeHead(200, { ...headers, 'Content-Length': body.length });
  response.end(request.method === 'HEAD' ? undefined : body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string', default: '4173' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const server = createServer(await buildHandler(values.dir));
  server.listen(Number(values.port), values.host, () => {
    console.log(
      `Serving ${relative(process.cwd(), resolve(values.dir)) || '.'} at http://${values.host}:${values.port}`,
    );
  });
}
