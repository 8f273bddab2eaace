// A bounded, ordered stop: phases one after another, the steps of a phase side by side, the whole
// within `timeoutMs`. serve.ts stops the web server with it, cli/run.ts the stand-alone worker.
// A step that fails is logged and the stop goes on; when the time is up the answer names the
// steps not finished (running, or never reached), and the caller exits 1 saying so.
import type { Logger } from './types.ts';

export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown>;
}

export interface ShutdownResult {
  /** Every step finished in time (some may have failed: they were logged). */
  ok: boolean;
  /** The steps not finished when the time was up, in order. */
  pending: string[];
}

export async function runShutdown(phases: ShutdownStep[][], opts: { timeoutMs: number; log: Logger }): Promise<ShutdownResult> {
  const done = new Set<ShutdownStep>();
  const work = (async () => {
    for (const phase of phases) {
      await Promise.all(
        phase.map(async (step) => {
          try {
            await step.run();
          } catch (err) {
            opts.log.error('shutdown: a step failed', { step: step.name, error: String((err as Error)?.stack ?? err) });
          } finally {
            done.add(step);
          }
        }),
      );
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), timedOut]);
  clearTimeout(timer);
  if (outcome === 'done') return { ok: true, pending: [] };
  return {
    ok: false,
    pending: phases
      .flat()
      .filter((s) => !done.has(s))
      .map((s) => s.name),
  };
}

/** Resolves when `server` has closed: no longer listening, every connection ended. */
export function closeHttpServer(server: { close(cb: (err?: Error) => void): unknown; closeIdleConnections?: () => void }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // Connections kept alive after their answer would hold close() open: end the idle ones now and
    // as more become idle (answers given while draining also say Connection: close).
    const idle = setInterval(() => server.closeIdleConnections?.(), 100);
    idle.unref();
    server.close((err) => {
      clearInterval(idle);
      if (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING') reject(err);
      else resolve();
    });
    server.closeIdleConnections?.();
  });
}
