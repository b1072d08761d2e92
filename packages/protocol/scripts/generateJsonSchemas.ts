/**
 * Writes the JSON Schemas and the OpenAPI document of the wire shapes (built by `jsonSchemas.ts`
 * with `z.toJSONSchema`) into `docs/schemas/`. With `--check` it writes nothing and fails when a
 * file is not current.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemaFiles } from './jsonSchemas';

const docs = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/schemas');
const check = process.argv.includes('--check');
const files = jsonSchemaFiles();

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
