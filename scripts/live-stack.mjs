// The live stack on one machine, as a company's IT runs it: nginx with deploy/'s template serves a
// production build whose config.json says "demo": false, and forwards the service paths to the demo
// service over HTTP (npm run service). Used by `npm run live` and the `live` Playwright project.
//
//   node scripts/live-stack.mjs [--port 4280] [--service-port 4281] [--dir .live-stack/4280]
//                               [--build-dir dist]   (a build to copy; built when absent)
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildService, serviceEntry } from './build-service.mjs';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '4280' },
    'service-port': { type: 'string' },
    dir: { type: 'string' },
    'build-dir': { type: 'string' },
  },
});
const port = Number(args.port);
const servicePort = Number(args['service-port'] ?? port + 1);
const stackDir = resolve(args.dir ?? `.live-stack/${port}`);
const releasesDir = join(stackDir, 'releases');
const currentLink = join(stackDir, 'current');
const nginxDir = join(stackDir, 'nginx');

const children = [];
function stop(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

function nginxBinary() {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next place
    }
  }
  return 'nginx';
}

function untilListening(target) {
  return new Promise((resolvePromise, reject) => {
    const deadline = Date.now() + 60_000;
    const attempt = () => {
      const socket = connect(target, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolvePromise();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Nothing listens on ${target}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/**
 * The official nginx image's template step: ${NAME} and $NAME are replaced where NAME is set in
 * the environment, everything else (nginx's own $uri …) is left alone.
 */
export function renderTemplate(template, env) {
  return template.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => {
    const name = braced ?? bare;
    return env[name] === undefined ? whole : env[name];
  });
}

async function prepareRelease() {
  let buildDir = args['build-dir'];
  if (!buildDir) {
    buildDir = `dist-live-${port}`;
    run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', buildDir]);
  }
  await rm(stackDir, { recursive: true, force: true });
  const release = join(releasesDir, 'first');
  await mkdir(releasesDir, { recursive: true });
  // The demo's files stay: a live deployment of the shipped dist/ has them too.
  await cp(resolve(buildDir), release, { recursive: true });
  const config = JSON.parse(await readFile(join(release, 'config.json'), 'utf8'));
  await writeFile(
    join(release, 'config.json'),
    `${JSON.stringify({ ...config, demo: false }, null, 2)}\n`,
  );
  await symlink(release, `${currentLink}.new`);
  await rename(`${currentLink}.new`, currentLink);
}

async function startService() {
  await buildService();
  const service = spawn(process.execPath, [serviceEntry], {
    stdio: 'inherit',
    env: {
      ...process.env,
      FLEET_SERVICE_PORT: String(servicePort),
      FLEET_SERVICE_DATA: join(stackDir, 'data'),
      FLEET_SERVICE_LATENCY_MS: process.env.FLEET_SERVICE_LATENCY_MS ?? '0',
      // A dispatch upload is followed to its results in a moment, as the demo journeys set it.
      FLEET_SERVICE_DISPATCH_MS: process.env.FLEET_SERVICE_DISPATCH_MS ?? '1500',
    },
  });
  children.push(service);
  service.on('exit', (code) => {
    console.error(`The demo service stopped (${code}).`);
    stop(1);
  });
  await untilListening(servicePort);
}

async function startNginx() {
  const upstream = `http://127.0.0.1:${servicePort}`;
  const env = {
    FLEET_LISTEN_PORT: `127.0.0.1:${port}`,
    FLEET_STATIC_ROOT: currentLink,
    FLEET_LOGIN_UPSTREAM: upstream,
    FLEET_API_UPSTREAM: upstream,
    FLEET_ECM_PROD2_PH_UPSTREAM: upstream,
    FLEET_ECM_PROD5_PH_UPSTREAM: upstream,
    FLEET_ECM_PROD6_LV_UPSTREAM: upstream,
    FLEET_ECM_PROD7_LV_UPSTREAM: upstream,
    FLEET_ECM_PROD8_LV_UPSTREAM: upstream,
    FLEET_TILE_ORIGIN: 'https://tile.openstreetmap.org',
    FLEET_GEOCODER_ORIGIN: 'https://nominatim.openstreetmap.org',
  };
  const template = await readFile('deploy/fleet-console.conf.template', 'utf8');
  await mkdir(join(nginxDir, 'conf.d'), { recursive: true });
  await mkdir(join(nginxDir, 'temp'), { recursive: true });
  await writeFile(join(nginxDir, 'conf.d/fleet-console.conf'), renderTemplate(template, env));
  // The official image's nginx.conf, reduced to what a user without root can run in the foreground.
  const temp = join(nginxDir, 'temp');
  await writeFile(
    join(nginxDir, 'nginx.conf'),
    [
      // Started by root (a CI container, sudo), nginx's workers would run as `nobody`, who cannot
      // read a checkout under a folder only its owner may enter (a 700 temporary folder, /root):
      // they run as the user who started the stack, who wrote its files.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(nginxDir, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(temp, kind)};`,
      ),
      `  include ${join(nginxDir, 'conf.d')}/*.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = spawn(nginxBinary(), ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf')], {
    stdio: 'inherit',
  });
  children.push(nginx);
  nginx.on('exit', (code) => {
    console.error(`nginx stopped (${code}).`);
    stop(1);
  });
  await untilListening(port);
  await expectBuildServed();
}

/**
 * nginx answers even where its workers cannot read the build (a 500 for every page, the reason in
 * its log): the stack stops at once with that reason rather than leave a test run waiting for it.
 */
async function expectBuildServed() {
  const response = await fetch(`http://127.0.0.1:${port}/index.html`).catch((error) => error);
  if (response instanceof Response && response.ok) return;
  const status = response instanceof Response ? `answered ${response.status}` : response.message;
  console.error(
    `nginx cannot serve the build in ${currentLink} (${status}): its workers must be able to` +
      ' read every folder above it (see the stat() line nginx logged above).',
  );
  stop(1);
}

await prepareRelease();
await startService();
await startNginx();
console.log(`Live stack: http://127.0.0.1:${port} (service http://127.0.0.1:${servicePort})`);
