/**
 * The operator's command line for the first accounts, like the createsuperuser of the
 * frameworks people know:
 *   npm run agent:create -- --email E [--password P] --first-name F --last-name L [--type T] [--admin]
 * Without --password it generates one and prints it once; the account must then set its own at
 * its first sign-in. It writes to the database that DATABASE_URL (or else DATA_DIR) names, with the same rules and
 * audit entry as POST /api/agents/create.
 */
import { parseArgs } from 'node:util';
import { generatePassword } from '../src/shared/api/agents';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { migrateDatabase } from '../src/server/db/migrate';
import { createAgent, parseAgentInput } from '../src/server/features/agents';
import { AppError } from '../src/server/platform/errors';

const USAGE =
  'Usage: npm run agent:create -- --email E [--password P] --first-name F --last-name L ' +
  '[--type bitcoin|usdt|general] [--admin]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        type: { type: 'string' },
        admin: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  // Bad details are refused before the database is opened (or, in an empty folder, created).
  let input;
  const generated = values.password === undefined ? generatePassword() : undefined;
  try {
    input = parseAgentInput({
      email: values.email ?? '',
      password: values.password ?? generated,
      passwordGenerated: generated !== undefined,
      firstName: values['first-name'] ?? '',
      lastName: values['last-name'] ?? '',
      ...(values.type ? { agentType: values.type } : {}),
    });
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Could not create the account: ${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nStop the app first: the embedded database allows one process at a time.`,
      );
      return 1;
    }
    throw error;
  }
  try {
    await migrateDatabase(database);
    const agent = await createAgent({
      db: database.db,
      actorId: null,
      admin: values.admin,
      input,
    });
    console.log(`Created ${agent.isAdmin ? 'admin' : 'agent'} ${agent.email} (id ${agent.id}).`);
    if (generated !== undefined) {
      console.log(
        `Generated password (shown once; it must be changed at the first sign-in): ${generated}`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Could not create the account: ${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
