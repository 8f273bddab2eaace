// node dist/cli.js <command>: database chores, with DATABASE_URL from env.ts.
//   migrate   apply pending migrations
//   seed      insert missing catalogue rows (idempotent)
//   setup     migrate + seed (what `npm start` runs first)
import { createDb, migrateToLatest, seed } from '@esim/db';
import { readEnv } from './env.ts';
import { createLogger } from './logger.ts';

type Command = (ctx: { db: ReturnType<typeof createDb>['db']; log: ReturnType<typeof createLogger> }, args: string[]) => Promise<void>;

const commands: Record<string, { help: string; run: Command }> = {
  migrate: {
    help: 'apply pending migrations',
    run: async ({ db, log }) => {
      const applied = await migrateToLatest(db);
      log.info('migrate', { applied });
    },
  },
  seed: {
    help: 'insert missing catalogue rows (idempotent)',
    run: async ({ db, log }) => {
      log.info('seed', { inserted: await seed(db) });
    },
  },
  setup: {
    help: 'migrate + seed',
    run: async (ctx, args) => {
      await commands.migrate!.run(ctx, args);
      await commands.seed!.run(ctx, args);
    },
  },
};

function usage(): string {
  return `usage: node dist/cli.js <command>\n${Object.entries(commands)
    .map(([name, c]) => `  ${name.padEnd(14)}${c.help}`)
    .join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    return name === '--help' || name === 'help' ? 0 : 2;
  }
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const handle = createDb(env.DATABASE_URL);
  try {
    await command.run({ db: handle.db, log }, args);
    return 0;
  } catch (err) {
    log.error(`${name} failed`, { error: String((err as Error)?.message ?? err) });
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
