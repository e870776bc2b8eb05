import { resolve } from 'node:path';
import { settingsFromEnvironment, startHttpService } from './http-server';

/**
 * `npm run service`: the demo service on its own port (FLEET_SERVICE_PORT, 4180 by default), its
 * data kept in FLEET_SERVICE_DATA (a folder, `.service-data` by default) across restarts.
 */
const env = process.env;
const service = await startHttpService({
  port: Number(env.FLEET_SERVICE_PORT) || 4180,
  host: env.FLEET_SERVICE_HOST || '127.0.0.1',
  dataDirectory: resolve(env.FLEET_SERVICE_DATA || '.service-data'),
  mediaDirectory: resolve(env.FLEET_SERVICE_MEDIA || 'public/demo-media'),
  settings: settingsFromEnvironment(env),
});
console.log(`Fleet demo service on ${service.url}`);
console.log(
  `Admin paths (${service.url}/__service/) answer on this machine only, or with the header ` +
    `X-Service-Admin-Key: ${service.adminKey}`,
);
const stop = () => void service.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
