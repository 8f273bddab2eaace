// `node dist/cli.js catalog sync [--dry-run] [--force]`: imports the eSIM provider's packages into regions
// and plans (services/catalog/catalog-sync.ts) with the pricing rule of PRICING_*, and prints what changed.
// Needs only the provider's settings (ESIM_PROVIDER and its credentials), no payment keys; with the
// simulator it reads the seed catalogue. A server running on the same database picks the change up
// within CATALOG_VERSION_POLL_MS (it watches the catalogue version row the sync bumps).
// A run that would hide more than CATALOG_SYNC_MAX_HIDE_PERCENT (default 50) of the visible plans
// writes nothing and says why unless given --force; --dry-run shows the same numbers.
// With several providers (ESIM_PROVIDERS=simulator,airalo,esimaccess) each is synced in turn, in its
// own transaction and under its own guard; equivalent plans are ranked after each (the shop lists the
// best offer). One provider failing or refused does not stop the others.
// Exit codes: 0 done (or nothing to do), 1 a provider failed, 2 usage error, 3 refused by the guard.
import { createServices, isEsimProviderError, syncCatalog, type CatalogSyncReport } from '@esim/api';
import type { Db } from '@esim/db';
import { buildEsimProviders, pricingRule, shopConfig } from '../deps.ts';
import { type Env, readEnv } from '../env.ts';
import type { createLogger } from '../logger.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

const USAGE = 'usage: node dist/cli.js catalog sync [--dry-run] [--force]';

export function parseCatalogArgs(args: readonly string[]): { dryRun: boolean; force: boolean } {
  const [sub, ...rest] = args;
  if (sub !== 'sync') throw new CliExit(2, `${sub ? `unknown catalog command "${sub}"` : 'missing command'}\n${USAGE}`);
  const unknown = rest.filter((a) => a !== '--dry-run' && a !== '--force');
  if (unknown.length) throw new CliExit(2, `unexpected "${unknown.join(' ')}"\n${USAGE}`);
  return { dryRun: rest.includes('--dry-run'), force: rest.includes('--force') };
}

/** The report in a few lines a person reads. */
export function describeReport(r: CatalogSyncReport): string {
  const lines = [
    `catalog sync from ${r.provider}${r.dryRun ? ' (dry run: nothing written)' : ''}: ${r.packages} packages listed`,
    `  added ${r.added}, updated ${r.updated}, hidden ${r.hidden} of ${r.visibleBefore} visible, unchanged ${r.unchanged}, regions added ${r.regionsAdded}${r.relisted ? `, listing changed for ${r.relisted} (best offer among providers)` : ''}`,
  ];
  for (const s of r.skipped.slice(0, 20)) lines.push(`  skipped ${s.code}: ${s.reason}`);
  if (r.skipped.length > 20) lines.push(`  … and ${r.skipped.length - 20} more skipped`);
  if (r.refused) {
    lines.push(r.dryRun ? `  the real run would be refused: ${r.refused}` : `  refused, nothing written: ${r.refused}`);
    return lines.join('\n');
  }
  lines.push(
    r.changed
      ? r.dryRun
        ? '  run it without --dry-run to apply these changes'
        : '  the catalogue changed: a running server shows it within a few seconds'
      : '  no change: the catalogue already matches the provider',
  );
  return lines.join('\n');
}

interface SyncInput {
  db: Db;
  env: Env;
  log: ReturnType<typeof createLogger>;
  dryRun: boolean;
  force?: boolean | undefined;
  now?: Date;
}

/** The operation behind the command with one provider configured (tests call it): its report. */
export async function runCatalogSync(input: SyncInput): Promise<CatalogSyncReport> {
  const { reports, failures } = await runCatalogSyncs(input);
  if (failures.length) throw new CliExit(1, failures.join('\n'));
  return reports[0]!;
}

/** Every configured provider synced in turn: the reports, and the providers that failed (with why). */
export async function runCatalogSyncs(input: SyncInput): Promise<{ reports: CatalogSyncReport[]; failures: string[] }> {
  const providers = buildEsimProviders(input.env, input.db, input.log);
  const services = createServices(input.db, shopConfig(input.env), { esim: providers[0]!, esimProviders: providers, log: input.log });
  const reports: CatalogSyncReport[] = [];
  const failures: string[] = [];
  for (const esim of providers) {
    try {
      reports.push(
        await syncCatalog(input.db, services, {
          provider: esim,
          configured: providers.map((p) => p.name),
          pricing: pricingRule(input.env),
          now: input.now ?? new Date(),
          dryRun: input.dryRun,
          force: input.force === true,
          maxHideShare: input.env.CATALOG_SYNC_MAX_HIDE_PERCENT / 100,
        }),
      );
    } catch (e) {
      if (!isEsimProviderError(e)) throw e;
      failures.push(`${esim.name} refused the package list: ${e.message}`);
    }
  }
  return { reports, failures };
}

export const catalogCommand: CliCommandSpec = {
  help: 'catalog sync [--dry-run] [--force]: import the eSIM provider packages into regions and plans (--force: hide more than CATALOG_SYNC_MAX_HIDE_PERCENT of the visible plans)',
  run: async ({ db, log }, args) => {
    const { dryRun, force } = parseCatalogArgs(args);
    const { reports, failures } = await runCatalogSyncs({ db, env: readEnv(), log, dryRun, force });
    const text = [...reports.map(describeReport), ...failures].join('\n');
    if (failures.length) throw new CliExit(1, text);
    if (reports.some((r) => r.refused && !r.dryRun)) throw new CliExit(3, text);
    process.stdout.write(`${text}\n`);
  },
};
