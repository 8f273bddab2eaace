// workers/loop.ts: the single-flight pass and the timer every periodic worker is built on.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { every, singleFlight } from '../src/workers/loop.ts';

/** A promise with its resolve/reject outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('never overlaps: a run() while a pass is in flight gets that pass', async () => {
    const gate = deferred<number>();
    const work = vi.fn(() => gate.promise);
    const flight = singleFlight(work, () => undefined);
    const a = flight.run();
    const b = flight.run();
    expect(b).toBe(a);
    expect(work).toHaveBeenCalledTimes(1);
    gate.resolve(7);
    expect(await a).toBe(7);
    // Over: the next run() starts a new pass.
    work.mockResolvedValueOnce(8);
    expect(await flight.run()).toBe(8);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('a failed pass goes to onError and resolves to null; the next pass runs', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const flight = singleFlight(
      async () => {
        calls++;
        if (calls === 1) throw new Error('database busy');
        return 'ok';
      },
      (err) => errors.push(err),
    );
    expect(await flight.run()).toBeNull();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('database busy');
    expect(await flight.run()).toBe('ok');
  });

  it('stop() waits for the pass in flight and starts no more', async () => {
    const gate = deferred<string>();
    const work = vi.fn(() => gate.promise);
    const flight = singleFlight(work, () => undefined);
    const inFlight = flight.run();
    let stopped = false;
    const stopping = flight.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.resolve('done');
    await stopping;
    expect(stopped).toBe(true);
    expect(await inFlight).toBe('done');
    expect(await flight.run()).toBeNull();
    expect(work).toHaveBeenCalledTimes(1);
  });
});

describe('every', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('ticks every interval from start() until stop(); a second start() adds no timer', () => {
    vi.useFakeTimers();
    const onTick = vi.fn();
    const timer = every(100, onTick);
    vi.advanceTimersByTime(250);
    expect(onTick).not.toHaveBeenCalled();
    timer.start();
    timer.start();
    expect(timer.running).toBe(true);
    vi.advanceTimersByTime(350);
    expect(onTick).toHaveBeenCalledTimes(3);
    timer.stop();
    expect(timer.running).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(onTick).toHaveBeenCalledTimes(3);
  });

  it('holds the process open only with keepAlive', () => {
    const made: NodeJS.Timeout[] = [];
    const real = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms: number) => {
      const t = real(fn, ms);
      made.push(t);
      return t;
    }) as typeof setInterval);
    const server = every(60_000, () => undefined);
    const worker = every(60_000, () => undefined, { keepAlive: true });
    server.start();
    worker.start();
    expect(made.map((t) => t.hasRef())).toEqual([false, true]);
    server.stop();
    worker.stop();
  });
});
