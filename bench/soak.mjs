#!/usr/bin/env node
// The soak: bench/load.mjs for 30 minutes at lower steady rates (catalogue 50 req/s, checkout
// 10 orders/s), reported per minute, with p99 per 5-minute window and the server's memory growth
// (RSS at minute 1 against the end, and its slope per 10 minutes). Not part of `npm test` or
// `npm run bench`: run it on purpose (`npm run bench:soak`). Any option of bench/load.mjs
// overrides these, e.g. `node bench/soak.mjs --duration 10m --bin apps/server/dist/main.js`.
// Writes bench/results/soak.json.
import { LOAD_DEFAULTS, main } from './load.mjs';

main(process.argv.slice(2), {
  ...LOAD_DEFAULTS,
  duration: '30m',
  'catalog-rate': '50',
  'order-rate': '10',
  window: '1m',
  'summary-window': '5m',
  sample: '15s',
  label: 'soak',
}).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
