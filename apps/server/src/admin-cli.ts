import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';

// npm run admin -- grant <email> | revoke <email>
async function main() {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Usage: npm run admin -- grant <email> | revoke <email>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    const row = await createAuthRepository(database.db).setAdmin(email.trim(), command === 'grant');
    if (!row) {
      console.error(`No account with the e-mail ${email}`);
      process.exitCode = 1;
    } else {
      console.log(`${row.email} is ${command === 'grant' ? 'now' : 'no longer'} a site admin`);
    }
  } finally {
    await database.close();
  }
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
