// Browser tests: run from the repo root with
//   node_modules/.bin/vitest run --config apps/web/e2e/vitest.config.ts
// Files run in parallel, E2E_WORKERS at a time (default 2, one per core of the machines this
// runs on): each file has its own server and database (shop-server.ts) and its own Chromium.
import { defineConfig } from 'vitest/config';

const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    // Tests run in random order within their file (files are isolated already: each has its own
    // server): a test that depends on an earlier one's state fails. The seed is printed; replay
    // an order with --sequence.seed=<seed>. --sequence.shuffle shuffles the files too.
    sequence: { shuffle: { files: false, tests: true } },
    // The audits of several pages in two languages at two widths take over a minute when the
    // machine is shared; a test fails on what it waits for (each wait has its own deadline).
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
