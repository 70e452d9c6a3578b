import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir } from './platform/data-dir.ts';

async function main() {
  const config = loadConfig();
  const tls = config.tls ? { cert: await readFile(config.tls.cert, 'utf8'), key: await readFile(config.tls.key, 'utf8') } : null;
  // Private before anything is written in it (issue 27.15).
  await prepareDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'), queryTimeoutMs: config.databaseQueryTimeoutMs });
  const app = await buildApp({ config: { ...config, tls }, database });
  // pg-boss 10 marks a job done or failed without awaiting it (manager.js onFetch): while the database is away
  // that rejection would end the whole server. Logged instead; the job is taken again once its lease ends.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'a background write failed with nobody waiting for it'));
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
