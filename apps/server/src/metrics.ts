// Prometheus metrics (prom-client), served on their own listener (METRICS_HOST:METRICS_PORT/metrics),
// never on the shop's port.
//
// Per request (middleware/request-log.ts): http_requests_total{method,route,status} and
// http_request_duration_seconds{method,route}; http_requests_in_flight when scraped. `route` is the matched route pattern
// ('/api/orders/:id'), the tRPC procedure ('/api/trpc/catalog.regions'), or a fixed label
// ('static', 'other'): never the raw path, so the number of series stays bounded whatever clients send.
//
// From the database, read when scraped (one grouped query per kind, kept CACHE_MS so scrapes
// cannot load it; every process reports the shared database's state):
//   esim_orders{status}, esim_fulfilment_backlog / _due / _retrying / _oldest_seconds,
//   esim_email_backlog / _oldest_seconds, esim_email_failed.
// Counted in this process: esim_provider_errors_total{provider,operation} and
// esim_payment_provider_errors_total{provider,operation} (deps.ts wraps the providers).
// Node's own (collectDefaultMetrics): process_* and nodejs_*, event-loop lag among them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { countOrdersByStatus, readBacklog, type BacklogStats } from '@esim/api';
import type { Db } from '@esim/db';
import type { Logger, ShopMetrics } from './types.ts';

/** How long the database-backed gauges keep one reading. */
export const DB_GAUGES_CACHE_MS = 5000;

/** Seconds; from a fast catalogue read to a slow provider call. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** At most this many (method, route, status) series; past it, new ones are counted under route 'other'. */
const MAX_SERIES = 2000;

export type { ShopMetrics } from './types.ts';

/**
 * One (method, route) pair's requests, counted in plain numbers on the request path: prom-client's
 * labelled children hash their labels on every inc/observe, which cost more than the rest of the
 * request's bookkeeping together. The registry reads these when scraped (requestMetrics below).
 */
interface RouteSeries {
  method: string;
  route: string;
  /** Requests per bucket of DURATION_BUCKETS (not cumulative), the last one past the largest bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
  /** Requests by status. */
  statuses: Map<number, number>;
}

type MetricValue = { value: number; labels: Record<string, string | number>; metricName?: string };

/** http_requests_total and http_request_duration_seconds as the registry wants them (its `get()` shape). */
function requestMetrics(series: () => Iterable<RouteSeries>) {
  const counter = {
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status.',
    type: 'counter',
    aggregator: 'sum',
    get: async () => {
      const values: MetricValue[] = [];
      for (const s of series())
        for (const [status, n] of s.statuses) values.push({ value: n, labels: { method: s.method, route: s.route, status } });
      return { name: counter.name, help: counter.help, type: counter.type, aggregator: counter.aggregator, values };
    },
  };
  const histogram = {
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching the app to the last byte of its answer, by method and route pattern.',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      const values: MetricValue[] = [];
      for (const s of series()) {
        const labels = { method: s.method, route: s.route };
        let cumulative = 0;
        DURATION_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i]!;
          values.push({ value: cumulative, labels: { le, ...labels }, metricName: `${histogram.name}_bucket` });
        });
        values.push({ value: s.count, labels: { le: '+Inf', ...labels }, metricName: `${histogram.name}_bucket` });
        values.push({ value: s.sum, labels, metricName: `${histogram.name}_sum` });
        values.push({ value: s.count, labels, metricName: `${histogram.name}_count` });
      }
      return { name: histogram.name, help: histogram.help, type: histogram.type, aggregator: histogram.aggregator, values };
    },
  };
  return [counter, histogram];
}

function cached<T>(ms: number, load: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | null = null;
  return () => {
    const now = Date.now();
    if (!value || now - at >= ms) {
      at = now;
      value = load();
      // A failed reading is not kept: the next scrape tries again.
      value.catch(() => {
        value = null;
      });
    }
    return value;
  };
}

export function createMetrics(opts: {
  db: Db;
  log: Logger;
  /** Request metrics too (the web server); the stand-alone worker has none. */
  http?: boolean;
  now?: () => Date;
  cacheMs?: number;
  /** Requests being handled now (serve.ts's Lifecycle), for http_requests_in_flight. */
  inFlight?: () => number;
}): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const now = opts.now ?? (() => new Date());
  const cacheMs = opts.cacheMs ?? DB_GAUGES_CACHE_MS;

  const series = new Map<string, RouteSeries>();
  let statusSeries = 0;
  const seriesFor = (method: string, route: string): RouteSeries => {
    let s = series.get(`${method} ${route}`);
    if (s) return s;
    const r = series.size < MAX_SERIES ? route : 'other';
    const key = `${method} ${r}`;
    s = series.get(key);
    if (!s) {
      s = { method, route: r, buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0, statuses: new Map() };
      series.set(key, s);
    }
    return s;
  };
  if (opts.http !== false)
    // The registry takes any object with name, help, type and get() (what prom-client's own metrics have).
    for (const metric of requestMetrics(() => series.values()))
      registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  const inFlight = opts.inFlight;
  if (inFlight && opts.http !== false) {
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being handled now.',
      registers: [registry],
      collect() {
        this.set(inFlight());
      },
    });
  }

  const providerErrors = new Counter({
    name: 'esim_provider_errors_total',
    help: 'Calls to the eSIM provider that failed, by provider and operation.',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  const paymentErrors = new Counter({
    name: 'esim_payment_provider_errors_total',
    help: 'Calls to the payment provider that failed, by provider and operation.',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });

  const warnOnce = (what: string) => (err: unknown) => {
    opts.log.warn('metrics: reading the database failed', { what, error: String((err as Error)?.message ?? err) });
    throw err;
  };
  const orders = cached(cacheMs, () => countOrdersByStatus(opts.db).catch(warnOnce('orders by status')));
  const backlog = cached(cacheMs, () => readBacklog(opts.db, now()).catch(warnOnce('backlog')));

  new Gauge({
    name: 'esim_orders',
    help: 'Orders in the database, by status.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await orders().catch(() => null);
      if (!counts) return;
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  const backlogGauge = (name: string, help: string, read: (b: BacklogStats) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const b = await backlog().catch(() => null);
        if (!b) return;
        this.set(read(b) ?? 0);
      },
    });
  backlogGauge('esim_fulfilment_backlog', 'Paid orders waiting for their eSIM.', (b) => b.fulfilment.waiting);
  backlogGauge('esim_fulfilment_backlog_due', 'Paid orders whose next provisioning attempt is due now.', (b) => b.fulfilment.due);
  backlogGauge(
    'esim_fulfilment_retrying',
    'Paid orders waiting for their eSIM after at least one failed provisioning attempt.',
    (b) => b.fulfilment.retrying,
  );
  backlogGauge(
    'esim_fulfilment_backlog_oldest_seconds',
    'Age of the oldest paid order waiting for its eSIM (0 when none).',
    (b) => b.fulfilment.oldestAgeSeconds,
  );
  backlogGauge('esim_email_backlog', 'E-mails not yet sent (retries included).', (b) => b.email.pending);
  backlogGauge(
    'esim_email_backlog_oldest_seconds',
    'Age of the oldest e-mail not yet sent (0 when none).',
    (b) => b.email.oldestAgeSeconds,
  );
  backlogGauge('esim_email_failed', 'E-mails given up on after their last attempt (an operator can resend them).', (b) => b.email.failed);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      let s = seriesFor(m, route);
      // Past MAX_SERIES (method, route, status) series, new ones are counted under route 'other'.
      if (!s.statuses.has(status) && statusSeries >= MAX_SERIES) s = seriesFor(m, 'other');
      let i = 0;
      while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
      s.buckets[i] = s.buckets[i]! + 1;
      s.sum += seconds;
      s.count++;
      const n = s.statuses.get(status);
      if (n === undefined) statusSeries++;
      s.statuses.set(status, (n ?? 0) + 1);
    },
    esimProviderError(provider, operation) {
      providerErrors.inc({ provider, operation });
    },
    paymentProviderError(provider, operation) {
      paymentErrors.inc({ provider, operation });
    },
  };
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on its own listener (404 for every other path). Resolves null, after a warning,
 * when the port cannot be had (another process on this machine serves it): the shop goes on
 * without metrics rather than not at all.
 */
export function startMetricsServer(registry: Registry, opts: { host: string; port: number; log: Logger }): Promise<MetricsServer | null> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        opts.log.error('metrics: collecting failed', { error: String((err as Error)?.stack ?? err) });
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Collecting the metrics failed; see the log.\n');
      },
    );
  });
  // Scrapers keep connections open; they must not hold a shutdown.
  server.keepAliveTimeout = 5000;
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      opts.log.warn('metrics: cannot listen; going on without metrics', {
        host: opts.host,
        port: opts.port,
        error: err.code ?? err.message,
      });
      resolve(null);
    });
    server.listen(opts.port, opts.host, () => {
      const port = (server.address() as AddressInfo).port;
      const host = opts.host === '0.0.0.0' || opts.host === '::' ? 'localhost' : opts.host;
      opts.log.info('metrics listening', { url: `http://${host}:${port}/metrics` });
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
