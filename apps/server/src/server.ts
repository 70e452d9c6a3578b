import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main() {
  const config = loadConfig();
  const tls = config.tls
    ? { cert: await readFile(config.tls.cert, 'utf8'), key: await readFile(config.tls.key, 'utf8') }
    : null;
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const app = await buildApp({ config: { ...config, tls }, database });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // A bad setting stops the server with one clear line naming it.
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
