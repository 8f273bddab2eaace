// The baseline: a bare Hono JSON route on @hono/node-server, no middleware, no db.
// Answers GET /bare with the JSON in BENCH_PAYLOAD (a file), parsed once and re-serialized
// per request by c.json(), as any plain Hono handler would.   PORT=… BENCH_PAYLOAD=… node bare-server.mjs
import { readFileSync } from 'node:fs';

// hono lives in apps/server's dependencies: load the same ESM builds the server bundles.
const { Hono } = await import('../apps/server/node_modules/hono/dist/index.js');
const { serve } = await import('../apps/server/node_modules/@hono/node-server/dist/index.mjs');

const payload = JSON.parse(readFileSync(process.env.BENCH_PAYLOAD, 'utf8'));
const app = new Hono();
app.get('/bare', (c) => c.json(payload));

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
