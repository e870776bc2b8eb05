#!/usr/bin/env node
// The vendor's mock on one origin: the production build with "demo": false, each service path of
// its config.json forwarded to a Prism instance of the OpenAPI file that publishes it (the files
// are read from ../shared/api/openapi beside the repository, never copied in), and the token
// endpoint, which has no file, answered by a stub. Used by `npm run vendor`, the `vendor`
// Playwright project and the readers' pass in Vitest (src/api/readers.vendor.test.ts).
//
//   node scripts/vendor-mock.mjs [--port 4380] [--modes static,1] [--build-dir dist]
//                                [--log-dir .vendor-mock/4380]   (a build is made when absent)
//
// Each mode is one origin, on --port, the next port, and so on: `static` answers with the files'
// own examples, a number N with random answers that match the schemas (Prism's dynamic mode with
// --seed N). Every Prism instance runs in this one process: eight `prism mock` processes took 35 s
// to start on two busy cores, all of them here take a few seconds.
//
// Prism's validator logs each request that is off its file ("Violation: request…"); each instance
// logs to <log-dir>/<mode>/<file>.log, and every forwarded request is listed in requests.jsonl with
// the request violations Prism answered it with (its sl-violations header).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import prismCore from '@stoplight/prism-core';
import prismHttp from '@stoplight/prism-http';
import prismHttpServer from '@stoplight/prism-http-server';
import { parse } from 'yaml';
import { buildHandler } from './serve-build.mjs';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Beside the repository, as the request check reads them; a clone without it skips the pass. */
export const openApiDirectory = resolve(repository, '../shared/api/openapi');

/** The seeds of the dynamic passes: fixed, so a failure comes back on the next run. */
export const vendorMockSeeds = ['1', '2', '3'];

/** What the token stub answers: a token good for an hour, as the service issues them. */
export const stubToken = {
  access_token: 'vendor-mock-token',
  token_type: 'Bearer',
  expires_in: 3600,
};

/** A mode's name: its folder of logs and the label of its tests. */
export function modeName(mode) {
  return mode === 'static' ? 'static' : `seed-${mode}`;
}

function openApiFiles() {
  return readdirSync(openApiDirectory)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => {
      const path = join(openApiDirectory, name);
      return { name, path, document: parse(readFileSync(path, 'utf8')) };
    });
}

/**
 * Where the console sends each file's requests, from the console's own config.json: the modern
 * service's servers (api.lytx.com) below baseUrl with the server's path, each legacy ECM host at its
 * deployment's baseUrl. `strip` is what Prism does not serve (its paths start after the server's).
 */
function routesFor(files, config) {
  return files.flatMap((file) =>
    (file.document.servers ?? []).flatMap((server) => {
      const url = new URL(server.url);
      const path = url.pathname.replace(/\/$/, '');
      const deployment = config.ecmDeployments.find((d) => url.hostname.includes(`.${d.id}.`));
      if (deployment) return [{ file, strip: deployment.baseUrl.replace(/\/$/, '') }];
      if (url.hostname === 'api.lytx.com') return [{ file, strip: `${config.baseUrl}${path}` }];
      return [];
    }),
  );
}

function templateMatches(template, path) {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  return (
    templateParts.length === pathParts.length &&
    templateParts.every((part, index) => part.startsWith('{') || part === pathParts[index])
  );
}

/** The file whose operation a path calls: several files share /v1, their paths tell them apart. */
function routeOf(routes, pathname) {
  const candidates = routes.filter((route) => pathname.startsWith(`${route.strip}/`));
  const rest = (route) => pathname.slice(route.strip.length);
  return (
    candidates.find((route) =>
      Object.keys(route.file.document.paths ?? {}).some((template) =>
        templateMatches(template, rest(route)),
      ),
    ) ?? candidates[0]
  );
}

/** A pino destination that writes each line as it comes, so a check right after a run sees it. */
function appendingStream(path) {
  return { write: (line) => appendFileSync(path, line) };
}

async function startPrism(file, operations, mode, logDir) {
  const logger = prismCore.createLogger(
    'CLI',
    { level: 'info' },
    appendingStream(join(logDir, `${basename(file.name, '.yml')}.log`)),
  );
  const dynamic = mode !== 'static';
  const server = prismHttpServer.createServer(operations, {
    cors: false,
    // What `prism mock <file> --errors false [--dynamic --seed N]` runs.
    config: {
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
      isProxy: false,
      upstreamProxy: undefined,
      mock: { dynamic, ignoreExamples: false, seed: dynamic ? mode : undefined },
    },
    components: { logger: logger.child({ name: 'HTTP SERVER' }) },
  });
  // Any free port: only the proxy below talks to it.
  const address = await server.listen(0, '127.0.0.1');
  return { server, url: new URL(address) };
}

function requestViolations(header) {
  if (!header) return [];
  try {
    const violations = JSON.parse(header);
    return violations
      .filter((violation) => violation.location?.[0] === 'request')
      .map((violation) => violation.message);
  } catch {
    // Prism cuts an overlong list short ("Too many violations! …").
    return [header];
  }
}

function forward(prism, path, request, response, record) {
  const upstream = httpRequest(
    {
      host: prism.url.hostname,
      port: prism.url.port,
      method: request.method,
      path,
      headers: { ...request.headers, host: prism.url.host },
    },
    (answer) => {
      const violations = requestViolations(answer.headers['sl-violations']);
      record({ status: answer.statusCode, violations });
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    record({ status: 502, violations: [], error: error.message });
    response.writeHead(502, { 'Content-Type': 'text/plain' });
    response.end(`The mock of this path failed: ${error.message}`);
  });
  request.pipe(upstream);
}

function answerJson(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * One origin of the mock: the build (when given) with its config.json made live, the token stub,
 * and every other path of the config's services forwarded to the Prism instance of its file.
 */
async function startOrigin({ port, mode, files, operations, config, build, logDir }) {
  mkdirSync(logDir, { recursive: true });
  const prisms = new Map();
  for (const file of files) {
    prisms.set(file.name, await startPrism(file, operations.get(file.name), mode, logDir));
  }
  const routes = routesFor(files, config);
  const requestLog = join(logDir, 'requests.jsonl');
  const tokenPath = `${config.authUrl}/api/auth/user`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    if (url.pathname === tokenPath && request.method === 'POST') {
      request.resume();
      answerJson(response, 200, stubToken);
      return;
    }
    const route = routeOf(routes, url.pathname);
    if (!route) {
      if (build) build(request, response);
      else answerJson(response, 404, { error: `No service of config.json serves ${url.pathname}` });
      return;
    }
    const path = `${url.pathname.slice(route.strip.length)}${url.search}`;
    forward(prisms.get(route.file.name), path, request, response, (outcome) =>
      appendFileSync(
        requestLog,
        `${JSON.stringify({ method: request.method, url: request.url, file: route.file.name, ...outcome })}\n`,
      ),
    );
  });
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolvePromise);
  });
  const { port: listening } = server.address();
  return {
    mode,
    url: `http://127.0.0.1:${listening}`,
    logDir,
    close: async () => {
      await new Promise((resolvePromise) => server.close(() => resolvePromise()));
      await Promise.all([...prisms.values()].map((prism) => prism.server.close()));
    },
  };
}

/**
 * Starts one origin per mode, on `port` and the ports after it (0: any free ports), each with its
 * logs in `logDir/<mode>`, emptied first. `buildDir` adds the build; without it only the services
 * answer (the readers' pass in Vitest).
 */
export async function startVendorMock({ port = 0, modes, logDir, buildDir }) {
  const files = openApiFiles();
  const operations = new Map();
  for (const file of files) {
    operations.set(file.name, await prismHttp.getHttpOperationsFromSpec(file.path));
  }
  const configPath = buildDir
    ? join(buildDir, 'config.json')
    : join(repository, 'public/config.json');
  const config = { ...JSON.parse(readFileSync(configPath, 'utf8')), demo: false };
  const build = buildDir
    ? await buildHandler(buildDir, { '/config.json': `${JSON.stringify(config, null, 2)}\n` })
    : undefined;
  const origins = [];
  for (const [index, mode] of modes.entries()) {
    const modeLogDir = join(logDir, modeName(mode));
    rmSync(modeLogDir, { recursive: true, force: true });
    origins.push(
      await startOrigin({
        port: port === 0 ? 0 : port + index,
        mode,
        files,
        operations,
        config,
        build,
        logDir: modeLogDir,
      }),
    );
  }
  return origins;
}

/** Empties a mode's logs, for a run that finds the mock already running. */
export function clearVendorMockLogs(logDir) {
  for (const name of existsSync(logDir) ? readdirSync(logDir) : []) {
    if (/\.(log|jsonl)$/.test(name)) rmSync(join(logDir, name));
  }
}

function readLines(path) {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * Prism reads a lone negative number in an array query parameter (`statuses=-5`) as no array and
 * reports the request ("must be array"), though the file allows it: a quirk of its coercion, not
 * of the request. Only a violation of exactly that shape is set aside, and it is still reported.
 */
function isKnownPrismQuirk(url, violation) {
  const name = /^Request query parameter (\w+) must be array/.exec(violation)?.[1];
  if (!name) return false;
  const values = new URL(url, 'http://mock').searchParams.getAll(name);
  return values.length === 1 && /^-\d+$/.test(values[0] ?? '');
}

/**
 * What a mode's logs say about the requests it answered: how many, each request violation with
 * the request it belongs to (`offending`, or `quirks` when it is Prism's own quirk), and the
 * violations as Prism's validator logged them.
 */
function readVendorMockViolations(logDir) {
  const requests = readLines(join(logDir, 'requests.jsonl')).map((line) => JSON.parse(line));
  const logged = (existsSync(logDir) ? readdirSync(logDir) : [])
    .filter((name) => name.endsWith('.log'))
    .flatMap((name) =>
      readLines(join(logDir, name))
        .map((line) => JSON.parse(line).msg ?? '')
        .filter((message) => message.startsWith('Violation: request'))
        .map((message) => `${name}: ${message}`),
    );
  const offending = [];
  const quirks = [];
  for (const request of requests) {
    for (const violation of [...request.violations, ...(request.error ? [request.error] : [])]) {
      const line = `${request.method} ${request.url} (${request.file}): ${violation}`;
      (isKnownPrismQuirk(request.url, violation) ? quirks : offending).push(line);
    }
  }
  return { requests: requests.length, logged, offending, quirks };
}

/**
 * A mode's verdict: a line that says how many requests it answered and which quirks of Prism were
 * set aside (each named), and the problems that fail the run: every other request violation, and
 * any Prism logged without an answer carrying it.
 */
export function checkVendorMockLogs(logDir, label) {
  const { requests, logged, offending, quirks } = readVendorMockViolations(logDir);
  const problems = [...offending];
  if (logged.length > offending.length + quirks.length) problems.push(...logged);
  const setAside =
    quirks.length === 0
      ? ''
      : `; set aside as Prism's coercion quirk (a lone negative number in an array query` +
        ` parameter, which the file allows):\n  ${quirks.join('\n  ')}`;
  return {
    summary: `Vendor mock (${label}): ${requests} requests, ${problems.length} request violations${setAside}`,
    problems,
  };
}

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4380' },
      modes: { type: 'string', default: 'static' },
      'build-dir': { type: 'string' },
      'log-dir': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!existsSync(openApiDirectory)) {
    console.error(
      `The vendor's OpenAPI files are not at ${openApiDirectory}: the mock reads them there only.`,
    );
    process.exit(1);
  }
  let buildDir = values['build-dir'];
  if (!buildDir) {
    buildDir = `dist-vendor-${port}`;
    run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', buildDir]);
  }
  const origins = await startVendorMock({
    port,
    modes: values.modes.split(','),
    buildDir,
    logDir: resolve(values['log-dir'] ?? `.vendor-mock/${port}`),
  });
  for (const origin of origins) {
    const answers = origin.mode === 'static' ? "the files' examples" : `seed ${origin.mode}`;
    console.log(`Vendor mock (${answers}): ${origin.url} (logs in ${origin.logDir})`);
  }
  const stop = () =>
    Promise.all(origins.map((origin) => origin.close())).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
