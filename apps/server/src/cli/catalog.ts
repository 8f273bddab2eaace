// `node dist/cli.js catalog sync [--dry-run]`: imports the eSIM provider's packages into regions
// and plans (services/catalog-sync.ts) with the pricing rule of PRICING_*, and prints what changed.
// Needs only the provider's settings (ESIM_PROVIDER and its credentials), no payment keys; with the
// simulator it reads the seed catalogue. A server running on the same database picks the change up
// within CATALOG_VERSION_POLL_MS (it watches the catalogue version row the sync bumps).
// Exit codes: 0 done (or nothing to do), 1 the provider failed, 2 usage error.
import { createServices, isEsimProviderError, syncCatalog, type CatalogSyncReport } from '@esim/api';
import type { Db } from '@esim/db';
import { buildEsimProvider, pricingRule, shopConfig } from '../deps.ts';
import { type Env, readEnv } from '../env.ts';
import type { createLogger } from '../logger.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

const USAGE = 'usage: node dist/cli.js catalog sync [--dry-run]';

export function parseCatalogArgs(args: readonly string[]): { dryRun: boolean } {
  const [sub, ...rest] = args;
  if (sub !== 'sync') throw new CliExit(2, `${sub ? `unknown catalog command "${sub}"` : 'missing command'}\n${USAGE}`);
  const unknown = rest.filter((a) => a !== '--dry-run');
  if (unknown.length) throw new CliExit(2, `unexpected "${unknown.join(' ')}"\n${USAGE}`);
  return { dryRun: rest.includes('--dry-run') };
}

/** The report in a few lines a person reads. */
export function describeReport(r: CatalogSyncReport): string {
  const lines = [
    `catalog sync from ${r.provider}${r.dryRun ? ' (dry run: nothing written)' : ''}: ${r.packages} packages listed`,
    `  added ${r.added}, updated ${r.updated}, hidden ${r.hidden}, unchanged ${r.unchanged}, regions added ${r.regionsAdded}`,
  ];
  for (const s of r.skipped.slice(0, 20)) lines.push(`  skipped ${s.code}: ${s.reason}`);
  if (r.skipped.length > 20) lines.push(`  … and ${r.skipped.length - 20} more skipped`);
  lines.push(
    r.changed
      ? r.dryRun
        ? '  run it without --dry-run to apply these changes'
        : '  the catalogue changed: a running server shows it within a few seconds'
      : '  no change: the catalogue already matches the provider',
  );
  return lines.join('\n');
}

/** The operation behind the command (tests call it). */
export async function runCatalogSync(input: {
  db: Db;
  env: Env;
  log: ReturnType<typeof createLogger>;
  dryRun: boolean;
  now?: Date;
}): Promise<CatalogSyncReport> {
  const esim = buildEsimProvider(input.env, input.db, input.log);
  const services = createServices(input.db, shopConfig(input.env), { esim, log: input.log });
  try {
    return await syncCatalog(input.db, services, {
      provider: esim,
      pricing: pricingRule(input.env),
      now: input.now ?? new Date(),
      dryRun: input.dryRun,
    });
  } catch (e) {
    if (isEsimProviderError(e)) throw new CliExit(1, `${esim.name} refused the package list: ${e.message}`);
    throw e;
  }
}

export const catalogCommand: CliCommandSpec = {
  help: 'catalog sync [--dry-run]: import the eSIM provider packages into regions and plans',
  run: async ({ db, log }, args) => {
    const { dryRun } = parseCatalogArgs(args);
    const report = await runCatalogSync({ db, env: readEnv(), log, dryRun });
    process.stdout.write(`${describeReport(report)}\n`);
  },
};
