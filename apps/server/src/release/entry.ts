// The release binary's main (scripts/release.mjs bundles it as one CommonJS file for Node's single
// executable applications):
//   esim-shop                 migrate, seed what is missing, and serve the shop (and its web app)
//   esim-shop <command> …     the CLI commands (cli/run.ts) and admin:create (admin-cli.ts)
//   esim-shop --help | --version
// The web app and the native addons come from the binary itself (assets.ts).
import { createDb, migrateToLatest, seed } from '@esim/db';
import { runAdminCli } from '../admin-cli.ts';
import { commands, runCli } from '../cli/run.ts';
import { loadDotEnv, readEnv, setSettingDefault } from '../env.ts';
import { useBundledSsr, type SsrModule } from '../middleware/destination-pages.ts';
import { startServer } from '../serve.ts';
import { webDistDir } from './assets.ts';

// The web build's SSR module (apps/web/dist/ssr/prerender.js with its React, router and Mantine),
// bundled in by scripts/release.mjs under this name: destination pages render from it.
useBundledSsr(() => import('esim-web-ssr') as Promise<SsrModule>);

/** Set by scripts/release.mjs (esbuild `define`). */
declare const ESIM_SHOP_VERSION: string;

const ADMIN = 'admin:create';

export function usage(): string {
  const rows: Array<[string, string]> = [
    ['(none) | serve', 'migrate, seed and serve the shop on PORT (default 3000)'],
    ...Object.entries(commands).map(([name, c]): [string, string] => [name, c.help]),
    [ADMIN, 'admin:create --username <name> --email <address>: create or promote an admin (--help for more)'],
    ['--version', 'print the version'],
    ['--help', 'this list'],
  ];
  return `usage: esim-shop [command] [arguments]

${rows.map(([name, help]) => `  ${name.padEnd(16)}${help}`).join('\n')}

Settings come from the environment and from ./.env (see .env.example); the database is
DATABASE_URL (default file:./data/shop.sqlite, relative to the current folder).
`;
}

export async function main(argv: string[]): Promise<number | 'serving'> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`esim-shop ${ESIM_SHOP_VERSION}\n`);
    return 0;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage());
    return 0;
  }
  if (name === undefined || name === 'serve') {
    if (rest.length > 0) {
      process.stderr.write(`esim-shop: serve takes no arguments (settings come from the environment)\n\n${usage()}`);
      return 2;
    }
    return serve();
  }
  if (name === ADMIN) return runAdminCli(rest);
  if (Object.hasOwn(commands, name)) return runCli(argv);
  process.stderr.write(`esim-shop: unknown command '${name}'\n\n${usage()}`);
  return 2;
}

async function serve(): Promise<'serving' | number> {
  let env: ReturnType<typeof readEnv>;
  try {
    // .env first, so that its WEB_DIST (if any) wins over the unpacked web app.
    loadDotEnv();
    setSettingDefault('WEB_DIST', webDistDir());
    env = readEnv();
  } catch (e) {
    process.stderr.write(`esim-shop: ${(e as Error).message}\n`);
    return 2;
  }
  // What `npm start` does before the server: migrate, then insert what the seed has and the database lacks.
  const handle = createDb(env.DATABASE_URL);
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db);
  } finally {
    await handle.close();
  }
  await startServer();
  return 'serving';
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 'serving') process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'failed to start', error: String((err as Error)?.stack ?? err) })}\n`,
    );
    process.exit(1);
  },
);
