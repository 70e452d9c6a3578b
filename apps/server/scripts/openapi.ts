// Writes the API's OpenAPI document (as served at /api/docs/json) to the file named by the first argument,
// from an app on a throwaway embedded database: no network, no running server needed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi.ts <output.json>');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fst-openapi-'));
const database = await openDatabase({ url: null, pgliteDir: null });
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web' }), database });
try {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  await writeFile(out, JSON.stringify(res.json(), null, 2));
} finally {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
