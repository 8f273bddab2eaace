// LISTEN on a PostgreSQL channel over one dedicated connection (outside the query pool, which
// hands its connections to whoever asks and would drop the LISTEN with them). When the connection
// drops — a restart, a failover, an admin's pg_terminate_backend — it reconnects with back-off
// (doubling from minBackoffMs to maxBackoffMs, reset once connected) and calls onConnect again:
// notifications sent while nobody listened are lost, so the caller re-reads what it watches then.
import pg from 'pg';

export interface PgListenOptions {
  /** A notification's payload ('' when none was sent). */
  onNotify(payload: string): void;
  /** After every successful LISTEN (the first and each reconnect). */
  onConnect?(): void;
  /** The connection failed or dropped; the next try is in `retryInMs`. */
  onError?(error: Error, retryInMs: number): void;
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface PgListener {
  /** True while the LISTEN connection is up. */
  readonly connected: boolean;
  /** Ends the connection and stops reconnecting. */
  close(): Promise<void>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

export function listenPg(url: string, channel: string, opts: PgListenOptions): PgListener {
  if (!IDENTIFIER.test(channel)) throw new Error(`listenPg: '${channel}' is not a plain lower-case channel name`);
  const min = opts.minBackoffMs ?? 250;
  const max = opts.maxBackoffMs ?? 10_000;
  let backoff = min;
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const scheduleRetry = (error: Error): void => {
    connected = false;
    if (closed || retry) return;
    const wait = backoff;
    backoff = Math.min(max, backoff * 2);
    opts.onError?.(error, wait);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (client === c) client = null;
      scheduleRetry(error);
    };
    c.on('error', fail);
    c.on('end', () => fail(new Error('LISTEN connection closed')));
    c.on('notification', (msg) => {
      if (msg.channel === channel) opts.onNotify(msg.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (e) {
      fail(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (closed || failed) return;
    connected = true;
    backoff = min;
    opts.onConnect?.();
  };

  void connect();

  return {
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      connected = false;
      if (retry) clearTimeout(retry);
      retry = null;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
