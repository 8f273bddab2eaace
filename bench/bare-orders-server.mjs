// The baseline for bench/orders.mjs: a bare Hono app on @hono/node-server answering the two
// checkout calls with canned JSON (body parsed, no middleware, no db).
//   PORT=… node bare-orders-server.mjs
const { Hono } = await import('../apps/server/node_modules/hono/dist/index.js');
const { serve } = await import('../apps/server/node_modules/@hono/node-server/dist/index.mjs');

let n = 0;
const app = new Hono();
app.post('/bare/create-payment-intent', async (c) => {
  const body = await c.req.json();
  const id = `pi_bare_${++n}`;
  return c.json({
    clientSecret: `${id}_secret_x`,
    orderId: `ORD-${n}`,
    paymentIntentId: id,
    provider: 'demo',
    publishableKey: null,
    amount: 4.5,
    amountMinor: 450,
    currency: 'USD',
    planId: body.planId,
  });
});
app.post('/bare/confirm', async (c) => {
  const body = await c.req.json();
  return c.json({ paymentIntentId: body.paymentIntentId, status: 'succeeded' });
});
app.get('/bare/health', (c) => c.json({ ok: true }));

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
