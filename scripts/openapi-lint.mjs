#!/usr/bin/env node
// `npm run lint:openapi` (issue 23.8): the OpenAPI document the server serves at /api/docs/json, held to
// Redocly's recommended rules (no errors allowed), so a generated client can be built from it. Offline:
// the document comes from the app itself, and Redocly's telemetry and update check are off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fst-openapi-'));
const file = path.join(dir, 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
let status = run('npx', ['tsx', '--conditions=@fst/source', 'apps/server/scripts/openapi.ts', file]);
if (status === 0) status = run('npx', ['redocly', 'lint', '--extends', 'recommended', '--format', 'stylish', file]);
rmSync(dir, { recursive: true, force: true });
process.exit(status);
