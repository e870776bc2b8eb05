/**
 * Checks a request against the vendor's OpenAPI 3.0 files: the operation, its path and query
 * parameters, and its JSON body. Covers the part of OpenAPI and JSON Schema the files use.
 */
type Json = Record<string, unknown>;

export function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asJson(value: unknown): Json {
  return isJson(value) ? value : {};
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export interface OpenApiFile {
  name: string;
  document: Json;
}

/** Where the console sends one file's requests: the path prefixes that stand for its servers. */
export interface ApiRoute {
  file: OpenApiFile;
  prefix: string;
}

/** The console's runtime configuration, as far as it says where each service is. */
export interface ServiceAddresses {
  baseUrl: string;
  apiBaseOverrides?: Record<string, string>;
  ecmDeployments: readonly { id: string; baseUrl: string }[];
}

/**
 * The console's address for each of a file's servers: the modern service (api.lytx.com) is
 * config.baseUrl, each legacy ECM host (lytx-api.<deployment>.lytx.com) is that deployment's
 * baseUrl; the server's own path follows the first, is part of the second.
 */
export function routesFor(files: readonly OpenApiFile[], config: ServiceAddresses): ApiRoute[] {
  return files.flatMap((file) =>
    asList(file.document.servers).flatMap((server): ApiRoute[] => {
      const url = new URL(String(asJson(server).url));
      const path = url.pathname.replace(/\/$/, '');
      const deployment = config.ecmDeployments.find((d) => url.hostname.includes(`.${d.id}.`));
      if (deployment) return [{ file, prefix: deployment.baseUrl.replace(/\/$/, '') }];
      if (url.hostname === 'api.lytx.com') return [{ file, prefix: `${config.baseUrl}${path}` }];
      return [];
    }),
  );
}

interface Operation {
  file: OpenApiFile;
  template: string;
  operation: Json;
  pathItem: Json;
  pathParams: Record<string, string>;
}

function matchTemplate(template: string, path: string): Record<string, string> | null {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of templateParts.entries()) {
    const actual = pathParts[index] ?? '';
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name) {
      if (actual === '') return null;
      params[name] = decodeURIComponent(actual);
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
}

const literalSegments = (template: string) =>
  template.split('/').filter((part) => !part.startsWith('{')).length;

/** The operation a request calls, or why none does. A literal segment beats a parameter. */
export function findOperation(
  routes: readonly ApiRoute[],
  method: string,
  path: string,
): Operation | string {
  const candidates: Operation[] = [];
  for (const route of routes) {
    if (!path.startsWith(`${route.prefix}/`)) continue;
    const rest = path.slice(route.prefix.length);
    for (const [template, item] of Object.entries(asJson(route.file.document.paths))) {
      const pathParams = matchTemplate(template, rest);
      if (pathParams) {
        const pathItem = asJson(item);
        candidates.push({
          file: route.file,
          template,
          pathItem,
          operation: asJson(pathItem[method.toLowerCase()]),
          pathParams,
        });
      }
    }
  }
  const withMethod = candidates.filter((candidate) => Object.keys(candidate.operation).length > 0);
  withMethod.sort((a, b) => literalSegments(b.template) - literalSegments(a.template));
  const best = withMethod[0];
  if (best) return best;
  if (candidates.length > 0) {
    return `no ${method} operation at ${candidates.map((c) => c.template).join(', ')}`;
  }
  return 'no operation in the OpenAPI files has this path';
}

function resolve(document: Json, value: unknown): Json {
  let schema = asJson(value);
  // A chain of $refs ends; a file that loops would be a broken file.
  for (let depth = 0; typeof schema.$ref === 'string' && depth < 20; depth++) {
    const pointer = schema.$ref.replace(/^#\//, '').split('/');
    schema = asJson(pointer.reduce<unknown>((node, key) => asJson(node)[key], document));
  }
  return schema;
}

const formats: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The ways a value departs from a schema, each as "where: what". Empty when it conforms. */
function schemaErrors(document: Json, schemaRef: unknown, value: unknown, at: string): string[] {
  const schema = resolve(document, schemaRef);
  if (value === null) {
    return schema.nullable === true || Object.keys(schema).length === 0
      ? []
      : [`${at}: null where the file does not allow null`];
  }
  const errors: string[] = [];
  for (const part of asList(schema.allOf)) errors.push(...schemaErrors(document, part, value, at));
  const alternatives = asList(schema.oneOf ?? schema.anyOf);
  if (alternatives.length > 0) {
    const passing = alternatives.filter(
      (alt) => schemaErrors(document, alt, value, at).length === 0,
    );
    if (passing.length === 0) errors.push(`${at}: matches none of its alternatives`);
  }
  const actual = typeOf(value);
  const type = schema.type;
  if (typeof type === 'string' && type !== actual && !(type === 'number' && actual === 'integer')) {
    return [...errors, `${at}: ${actual} where the file declares ${type}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === 'string') {
    const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
    if (format && !format.test(value))
      errors.push(`${at}: "${value}" is not a ${String(schema.format)}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
      errors.push(`${at}: "${value}" does not match ${schema.pattern}`);
    }
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) {
      errors.push(`${at}: shorter than ${schema.minLength}`);
    }
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) {
      errors.push(`${at}: longer than ${schema.maxLength}`);
    }
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) {
      errors.push(`${at}: ${value} is below ${schema.minimum}`);
    }
    if (typeof schema.maximum === 'number' && value > schema.maximum) {
      errors.push(`${at}: ${value} is above ${schema.maximum}`);
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      errors.push(`${at}: fewer than ${schema.minItems} items`);
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      errors.push(`${at}: more than ${schema.maxItems} items`);
    }
    if (schema.items !== undefined) {
      for (const [index, item] of value.entries()) {
        errors.push(...schemaErrors(document, schema.items, item, `${at}[${index}]`));
      }
    }
  }
  if (isJson(value)) {
    const properties = asJson(schema.properties);
    for (const name of asList(schema.required)) {
      if (typeof name === 'string' && !(name in value))
        errors.push(`${at}.${name}: required, missing`);
    }
    const declaresShape =
      schema.properties !== undefined || schema.additionalProperties !== undefined;
    for (const [name, propertyValue] of Object.entries(value)) {
      if (name in properties) {
        errors.push(...schemaErrors(document, properties[name], propertyValue, `${at}.${name}`));
      } else if (isJson(schema.additionalProperties)) {
        errors.push(
          ...schemaErrors(document, schema.additionalProperties, propertyValue, `${at}.${name}`),
        );
      } else if (
        declaresShape &&
        schema.additionalProperties !== true &&
        schema.allOf === undefined &&
        // A name the file requires without defining it (the geofence body's colorHex, inclusive,
        // visible) is published, if untyped.
        !asList(schema.required).includes(name)
      ) {
        // The files list every field a request may carry; one they do not name is not published.
        errors.push(`${at}.${name}: not a property the file declares`);
      }
    }
  }
  return errors;
}

/** A query or path value (always text) against its parameter's schema. */
function parameterErrors(document: Json, schemaRef: unknown, text: string, at: string): string[] {
  const schema = resolve(document, schemaRef);
  const type = schema.type;
  let value: unknown = text;
  if (type === 'integer' || type === 'number') {
    value = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  } else if (type === 'boolean') {
    value = text === 'true' ? true : text === 'false' ? false : text;
  }
  return schemaErrors(document, schema, value, at);
}

export interface RequestToCheck {
  method: string;
  url: string;
  contentType: string | null;
  body: string | null;
}

/** Everything about a request that the OpenAPI files do not publish. Empty when it conforms. */
export function requestErrors(operation: Operation, request: RequestToCheck): string[] {
  const { document } = operation.file;
  const errors: string[] = [];
  const declared = [
    ...asList(operation.pathItem.parameters),
    ...asList(operation.operation.parameters),
  ]
    .map((parameter) => resolve(document, parameter))
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');

  for (const [name, text] of Object.entries(operation.pathParams)) {
    const parameter = declared.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) errors.push(`path parameter ${name}: not declared`);
    else errors.push(...parameterErrors(document, parameter.schema, text, `path ${name}`));
  }

  const query = new URL(request.url).searchParams;
  for (const name of new Set(query.keys())) {
    const parameter = declared.find((p) => p.in === 'query' && p.name === name);
    if (!parameter) {
      errors.push(`query ${name}: not a parameter of this operation`);
      continue;
    }
    const schema = resolve(document, parameter.schema);
    const values = query.getAll(name);
    if (schema.type === 'array') {
      const items =
        parameter.explode === false ? values.flatMap((value) => value.split(',')) : values;
      items.forEach((item, index) =>
        errors.push(...parameterErrors(document, schema.items, item, `query ${name}[${index}]`)),
      );
    } else if (values.length > 1) {
      errors.push(`query ${name}: sent ${values.length} times, declared once`);
    } else {
      errors.push(...parameterErrors(document, schema, values[0] ?? '', `query ${name}`));
    }
  }
  for (const parameter of declared) {
    if (
      parameter.in === 'query' &&
      parameter.required === true &&
      !query.has(String(parameter.name))
    ) {
      errors.push(`query ${String(parameter.name)}: required, missing`);
    }
  }

  const requestBody = resolve(document, operation.operation.requestBody);
  const content = asJson(requestBody.content);
  const hasBody = request.body !== null && request.body !== '';
  if (!hasBody) {
    if (requestBody.required === true) errors.push('body: required, none sent');
    return errors;
  }
  if (Object.keys(content).length === 0)
    return [...errors, 'body: sent where the operation takes none'];
  const mediaType = (request.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!/json$/.test(mediaType)) {
    if (!(mediaType in content))
      errors.push(`body: ${mediaType || 'no content type'} is not declared`);
    return errors;
  }
  const jsonSchema = asJson(content['application/json'] ?? content[mediaType]).schema;
  if (jsonSchema === undefined) return [...errors, `body: ${mediaType} is not declared`];
  let body: unknown;
  try {
    body = JSON.parse(request.body ?? '');
  } catch {
    return [...errors, 'body: not JSON'];
  }
  return [...errors, ...schemaErrors(document, jsonSchema, body, 'body')];
}
