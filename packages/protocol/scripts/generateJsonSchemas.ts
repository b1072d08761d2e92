/**
 * Writes the JSON Schemas of the wire shapes, generated from the zod schemas, into
 * `docs/schemas/`. With `--check` it writes nothing and fails when a file is not current.
 * The schemas describe what is accepted on the wire (zod's input side): the tolerant reader.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  appEndpoints,
  callbackBodies,
  type EndpointSchemas,
  errorBody,
  serviceEndpoints,
} from '../src/index';

const docs = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/schemas');
const check = process.argv.includes('--check');

const toJson = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function describeEndpoints(endpoints: Record<string, EndpointSchemas>) {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [
      name,
      {
        method: endpoint.method,
        path: endpoint.path,
        ...(endpoint.request ? { request: toJson(endpoint.request) } : {}),
        ...(endpoint.response ? { response: toJson(endpoint.response) } : {}),
      },
    ]),
  );
}

const files: Record<string, unknown> = {
  'service-endpoints.json': {
    description:
      'Endpoints of the service, called by developers. Generated from @ussdkit/protocol.',
    errorBody: toJson(errorBody),
    endpoints: describeEndpoints(serviceEndpoints),
  },
  'app-endpoints.json': {
    description:
      "Endpoints a developer's USSD app implements, called by the gateway. Generated from @ussdkit/protocol.",
    endpoints: describeEndpoints(appEndpoints),
  },
  'callbacks.json': {
    description:
      "Bodies the service POSTs to the developer's callback URL. Generated from @ussdkit/protocol.",
    bodies: Object.fromEntries(
      Object.entries(callbackBodies).map(([name, schema]) => [name, toJson(schema)]),
    ),
  },
};

let stale = 0;
mkdirSync(docs, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  const path = join(docs, name);
  const text = `${JSON.stringify(content, null, 2)}\n`;
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = '';
  }
  const where = relative(process.cwd(), path);
  if (current === text) continue;
  if (check) {
    stale += 1;
    console.error(`${where} is not current: run \`pnpm schemas\` and commit the result`);
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${where}`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log('docs/schemas is current');
