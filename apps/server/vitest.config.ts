// Two tiers of this package's tests (README "Tests"):
//   http    the app in process (app.request), the CLIs' code, the HTTP property tests: `npm run test:fast`
//   system  the BUILT server as a process (crash and SIGKILL, shutdown, backups under load, two
//           instances on PostgreSQL, the bundle, the release binary): `npm test` only
// `vitest run` runs both; `--project http` or `--project system` one.
import { configDefaults, defineConfig } from 'vitest/config';

export const SYSTEM_TESTS = [
  'test/backup.test.ts',
  'test/bundle.test.ts',
  'test/crash-kill.test.ts',
  'test/crash-restart.test.ts',
  'test/multi-instance-pg.test.ts',
  'test/release.test.ts',
  'test/release-health.test.ts',
  'test/shutdown.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      // Some send a thousand requests: 30 s, so a busy machine does not fail them by the clock alone.
      { extends: true, test: { name: 'http', exclude: [...configDefaults.exclude, ...SYSTEM_TESTS], testTimeout: 30_000 } },
      // Processes started, built and killed: on a shared 2-core machine a step takes seconds, so a
      // test fails on what it checks (each waits for a condition with its own deadline), not on
      // vitest's 5 s default.
      { extends: true, test: { name: 'system', include: SYSTEM_TESTS, testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
