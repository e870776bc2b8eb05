/**
 * Global setup of the e2e run: empties the request log, and after every project has run checks
 * each API request the console sent against the vendor's OpenAPI files beside the repository
 * (read there, never copied in). Without those files the check says so and the run goes on.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { parse } from 'yaml';
import {
  findOperation,
  isJson,
  requestErrors,
  routesFor,
  type OpenApiFile,
} from './openapi-requests';
import { clearRequestLog, readRequestLog, type RecordedRequest } from './request-log';

/** Relative to the repository: the shared folder that sits beside every checkout of it. */
const openApiDir = '../shared/api/openapi';

function readJson(path: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return isJson(value) ? value : {};
}

function readServiceAddresses(root: string) {
  const config = readJson(join(root, 'public/config.json'));
  const ecmDeployments = (Array.isArray(config.ecmDeployments) ? config.ecmDeployments : []).map(
    (deployment: unknown) => {
      const entry = isJson(deployment) ? deployment : {};
      return { id: String(entry.id), baseUrl: String(entry.baseUrl) };
    },
  );
  return {
    authUrl: String(config.authUrl),
    baseUrl: String(config.baseUrl),
    ecmDeployments,
  };
}

function checkRequests(root: string): void {
  const requests = readRequestLog();
  const addresses = readServiceAddresses(root);
  const isServiceRequest = (request: RecordedRequest) => {
    const { pathname } = new URL(request.url);
    return [
      addresses.authUrl,
      addresses.baseUrl,
      ...addresses.ecmDeployments.map((d) => d.baseUrl),
    ].some((prefix) => pathname.startsWith(`${prefix}/`));
  };
  const serviceRequests = requests.filter(isServiceRequest);
  const dir = resolve(root, openApiDir);
  if (!existsSync(dir)) {
    console.log(
      `Request check skipped: ${openApiDir} is not beside this repository, and the vendor's` +
        ` OpenAPI files are read there only (never copied in); ${serviceRequests.length}` +
        ' recorded requests were not checked.',
    );
    return;
  }
  const files: OpenApiFile[] = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => {
      const document: unknown = parse(readFileSync(join(dir, name), 'utf8'));
      return { name, document: isJson(document) ? document : {} };
    });
  const routes = routesFor(files, addresses);
  // The same request from many tests is reported once, with the first test that sent it.
  const problems = new Map<string, string>();
  let tokenRequests = 0;
  let checked = 0;
  for (const request of serviceRequests) {
    const { pathname } = new URL(request.url);
    // The token endpoint (POST {authUrl}/api/auth/user) has no OpenAPI file.
    if (pathname.startsWith(`${addresses.authUrl}/`)) {
      tokenRequests++;
      continue;
    }
    checked++;
    const operation = findOperation(routes, request.method, pathname);
    const errors = typeof operation === 'string' ? [operation] : requestErrors(operation, request);
    const where =
      typeof operation === 'string' ? pathname : `${operation.file.name} ${operation.template}`;
    for (const error of errors) {
      const key = `${request.method} ${where}: ${error}`;
      if (!problems.has(key))
        problems.set(key, `${key}\n    e.g. ${request.url} (${request.test})`);
    }
  }
  console.log(
    `Request check: ${checked} API requests against ${files.length} OpenAPI files` +
      ` (${tokenRequests} to the token endpoint, which has none), ${problems.size} mismatches.`,
  );
  if (problems.size > 0) {
    throw new Error(
      `Requests that the OpenAPI files do not publish:\n  ${[...problems.values()].join('\n  ')}`,
    );
  }
}

export default function globalSetup(config: FullConfig): () => void {
  clearRequestLog();
  const root = config.configFile ? dirname(config.configFile) : process.cwd();
  return () => checkRequests(root);
}
