// `health`: asks the running server's /api/health on this machine and exits 0 when it answers 200,
// else 1 with one line (the container's HEALTHCHECK; slim images have no curl).
import { readEnv } from '../env.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

export const HEALTH_TIMEOUT_MS = 5000;

export const healthCommand: CliCommandSpec = {
  help: 'health: exit 0 when the server on PORT answers /api/health with 200, else 1',
  needsDb: false,
  run: async (_ctx, args) => {
    if (args.length > 0) throw new CliExit(2, 'health: takes no arguments (it asks http://127.0.0.1:$PORT/api/health)');
    const env = readEnv();
    const url = healthUrl(env.HOST, env.PORT);
    let status: number;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS), redirect: 'manual' });
      status = res.status;
      await res.body?.cancel();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const why = err.name === 'TimeoutError' ? `no answer within ${HEALTH_TIMEOUT_MS / 1000} s` : (err.cause?.code ?? err.message);
      throw new CliExit(1, `unhealthy: ${url}: ${why}`);
    }
    if (status !== 200) throw new CliExit(1, `unhealthy: ${url} answered ${status}`);
    process.stdout.write(`healthy: ${url} answered 200\n`);
  },
};

/** The server's own address: loopback when it listens on every interface. */
export function healthUrl(host: string, port: number): string {
  const any = host === '' || host === '0.0.0.0' || host === '::' || host === '[::]';
  const h = any ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${h}:${port}/api/health`;
}
