#!/usr/bin/env node
// Lighthouse 12 in Chromium's default mobile emulation (Moto G Power, slow 4G, 4× CPU throttling)
// against the built server on a fresh SQLite database: the landing page in English and Arabic,
// /coverage and a destination page.
// Targets (median of the runs, per category): performance ≥ 95; accessibility, best practices
// and SEO 100.
//   npm run bench:lighthouse     (builds first)
//   LH_RUNS=5                    runs per page (default 5); each category's median is reported
//   LH_PAGES=/,/ar/              the pages (comma-separated paths)
//   LH_SAVE_DIR=/tmp/lh          also write every full Lighthouse report there (to read the audits)
// Results: bench/results/lighthouse.json and a table on stdout. Exits 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, waitFor } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 5));
const PAGES = (process.env.LH_PAGES ?? '/,/coverage,/ar/,/destinations/japan').split(',').filter(Boolean);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

/** The middle value (the lower middle for an even count). */
const middle = (values) => values.slice().sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main() {
  if (!existsSync(join(repo, 'apps/server/dist/main.js')) || !existsSync(join(repo, 'apps/web/dist/index.html'))) {
    throw new Error('build first: node scripts/setup.mjs build');
  }
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath} (apt-get install -y chromium)`);

  const tmp = mkdtempSync(join(os.tmpdir(), 'esim-lh-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: `file:${join(tmp, 'shop.sqlite')}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    OUTBOX_DIR: join(tmp, 'outbox'),
  };
  const setup = spawnSync(process.execPath, [join(repo, 'apps/server/dist/cli.js'), 'setup'], { env, stdio: 'inherit' });
  if (setup.status !== 0) throw new Error('database setup failed');
  const server = spawn(process.execPath, [join(repo, 'apps/server/dist/main.js')], { env, stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  let chrome;
  try {
    await waitFor(`${base}/api/health`);
    mkdirSync(join(tmp, 'profile'), { recursive: true });
    chrome = await chromeLauncher.launch({
      chromePath,
      userDataDir: join(tmp, 'profile'),
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const results = {};
    for (const path of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr } = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
        });
        if (process.env.LH_SAVE_DIR) {
          mkdirSync(process.env.LH_SAVE_DIR, { recursive: true });
          writeFileSync(
            join(process.env.LH_SAVE_DIR, `${path.replace(/^\/|\/$/g, '').replaceAll('/', '-') || 'landing'}-${i + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]));
        const failed = Object.values(lhr.audits)
          .filter(
            (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable',
          )
          .map((a) => a.id);
        runs.push({
          scores,
          fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          failed,
        });
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const perfMedian = runs[Math.floor((runs.length - 1) / 2)];
      const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, middle(runs.map((r) => r.scores[k]))]));
      results[path] = {
        median: {
          ...perfMedian,
          scores,
          fcpMs: middle(runs.map((r) => r.fcpMs)),
          lcpMs: middle(runs.map((r) => r.lcpMs)),
          tbtMs: middle(runs.map((r) => r.tbtMs)),
          cls: middle(runs.map((r) => r.cls)),
          failed: [...new Set(runs.flatMap((r) => r.failed))],
        },
        runs,
      };
    }

    const rows = PAGES.map((p) => {
      const m = results[p].median;
      return `| ${p} | ${m.scores.performance} | ${m.scores.accessibility} | ${m.scores['best-practices']} | ${m.scores.seo} | ${m.fcpMs} ms | ${m.lcpMs} ms | ${m.tbtMs} ms | ${m.cls.toFixed(3)} |`;
    });
    console.log(
      '\n| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|',
    );
    console.log(rows.join('\n'));
    for (const p of PAGES)
      if (results[p].median.failed.length) console.log(`${p}: audits under 0.9: ${results[p].median.failed.join(', ')}`);

    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(
      join(here, 'results', 'lighthouse.json'),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          lighthouse: '12.8',
          emulation: 'default mobile',
          runsPerPage: RUNS,
          machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
          results,
        },
        null,
        2,
      ),
    );
    const misses = PAGES.flatMap((p) =>
      Object.entries(TARGETS)
        .filter(([k, t]) => results[p].median.scores[k] < t)
        .map(([k, t]) => `${p} ${k} ${results[p].median.scores[k]} < ${t}`),
    );
    if (misses.length) {
      console.log(`\nmissed: ${misses.join('; ')}`);
      process.exitCode = 1;
    } else console.log('\nall targets met');
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
