// `node dist/cli.js esim simulate <iccid> install|activate|use <MB>|expire`: moves a simulated eSIM
// through its life in the simulator's state (simulator_esims, shared with the server), then
// delivers the signed event exactly as a provider would: POST <server>/api/webhooks/esim with
// X-Esim-Signature (t=<unix s>,v1=<HMAC-SHA256 of "<t>.<body>">, key: ESIM_WEBHOOK_SECRET or the one
// kept in app_settings). A server that is not running misses the event; its polling catches up.
//   install   the profile is on the phone and enabled (not yet connected: validity not started)
//   activate  first connection in the coverage area: validity starts
//   use <MB>  data used (activates first if needed)
//   expire    the validity is over now
// Exit codes: 0 done (delivered, or the server was not reachable), 1 the eSIM is unknown or the
// server refused the event, 2 usage error. simulateEsim() is the same operation for tests.
import { DbSimulatorStore, EsimSimulator, type SimulatedChange } from '@esim/api';
import type { Db } from '@esim/db';
import { readEnv } from '../env.ts';
import { resolveEsimWebhookSecret } from '../esim-secret.ts';
import { CliExit, type CliCommandSpec } from './types.ts';

export const ESIM_ACTIONS = ['install', 'activate', 'use', 'expire'] as const;
export type EsimAction = (typeof ESIM_ACTIONS)[number];

const USAGE = 'usage: node dist/cli.js esim simulate <iccid> install|activate|use <MB>|expire';

export interface SimulateEsimInput {
  db: Db;
  iccid: string;
  action: EsimAction;
  /** For 'use': MB used (a whole number ≥ 0). */
  mb?: number | undefined;
  /** The webhook key (resolveEsimWebhookSecret). */
  secret: string;
  /** Where the server listens, e.g. http://127.0.0.1:3000 (the webhook path is added). */
  serverUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface SimulateEsimResult {
  change: SimulatedChange;
  /** 'delivered', 'unreachable' (no server), or 'refused' (the server answered an error). */
  delivery: 'delivered' | 'unreachable' | 'refused';
  /** The server's answer (outcome or error message). */
  answer: string;
  /** One line a person understands. */
  line: string;
}

/** Reads `simulate <iccid> <action> [MB]`; a CliExit(2) with the usage for anything else. */
export function parseSimulateArgs(args: readonly string[]): { iccid: string; action: EsimAction; mb?: number } {
  const [sub, iccid, action, mbText, ...rest] = args;
  if (sub !== 'simulate') throw new CliExit(2, `${sub ? `unknown esim command "${sub}"` : 'missing command'}\n${USAGE}`);
  if (!iccid || !/^\d{18,22}$/.test(iccid))
    throw new CliExit(2, `the ICCID must be the eSIM's 18–22 digits${iccid ? `, not "${iccid}"` : ''}\n${USAGE}`);
  if (!action || !(ESIM_ACTIONS as readonly string[]).includes(action)) {
    throw new CliExit(
      2,
      `${action ? `unknown action "${action}"` : 'missing action'}: use install, activate, use <MB> or expire\n${USAGE}`,
    );
  }
  if (action === 'use') {
    if (mbText === undefined || !/^\d{1,9}$/.test(mbText))
      throw new CliExit(2, `"use" needs the MB used as a whole number, e.g. use 800\n${USAGE}`);
    if (rest.length) throw new CliExit(2, `unexpected "${rest.join(' ')}"\n${USAGE}`);
    return { iccid, action, mb: Number(mbText) };
  }
  if (mbText !== undefined) throw new CliExit(2, `unexpected "${[mbText, ...rest].join(' ')}"\n${USAGE}`);
  return { iccid, action: action as EsimAction };
}

function describe(change: SimulatedChange): string {
  const u = change.usage;
  const used =
    u.totalMb === null
      ? `${u.usedMb} MB used (unlimited)`
      : `${u.usedMb} MB used of ${u.totalMb} MB (${u.totalMb > 0 ? Math.floor((u.usedMb * 100) / u.totalMb) : 100}%)`;
  const days = u.expiresAt ? `, expires ${u.expiresAt.toISOString()}` : '';
  return `${u.iccid}: ${change.event.type}, ${u.profileState}, plan ${u.planState}, ${used}${days}`;
}

/** The operation behind the command (tests call it): change the simulator's state, then deliver the event. */
export async function simulateEsim(input: SimulateEsimInput): Promise<SimulateEsimResult> {
  const sim = new EsimSimulator({
    store: new DbSimulatorStore(input.db),
    webhookSecret: input.secret,
    ...(input.now ? { now: input.now } : {}),
  });
  let change: SimulatedChange;
  try {
    if (input.action === 'install') change = await sim.simulateInstall(input.iccid, { connect: false });
    else if (input.action === 'activate') change = await sim.simulateActivate(input.iccid);
    else if (input.action === 'use') change = await sim.simulateUsage(input.iccid, input.mb ?? 0);
    else change = await sim.simulateExpire(input.iccid);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'not_found') throw new CliExit(1, `no simulated eSIM with ICCID ${input.iccid} (is DATABASE_URL the server's database?)`);
    throw new CliExit(1, `the simulator refused: ${(e as Error).message}`);
  }
  const delivery = sim.signDelivery([change.event]);
  const url = new URL('/api/webhooks/esim', input.serverUrl).href;
  const doFetch = input.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { method: 'POST', headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(10_000) });
  } catch {
    return {
      change,
      delivery: 'unreachable',
      answer: '',
      line: `${describe(change)}; event NOT delivered: no server at ${url} (its polling will pick the change up)`,
    };
  }
  const text = await res.text();
  let answer = text;
  try {
    const json = JSON.parse(text) as { outcome?: string; error?: { message?: string } };
    answer = json.outcome ?? json.error?.message ?? text;
  } catch {
    // not JSON: keep the text
  }
  if (!res.ok)
    return { change, delivery: 'refused', answer, line: `${describe(change)}; the server refused the event (${res.status}): ${answer}` };
  return { change, delivery: 'delivered', answer, line: `${describe(change)}; event delivered (${answer})` };
}

export const esimCommand: CliCommandSpec = {
  help: 'esim simulate <iccid> install|activate|use <MB>|expire: move a simulated eSIM through its life',
  run: async ({ db }, args) => {
    const parsed = parseSimulateArgs(args);
    const env = readEnv();
    const serverUrl = env.PUBLIC_URL_DEFAULTED ? `http://127.0.0.1:${env.PORT}` : env.PUBLIC_URL;
    const result = await simulateEsim({ db, ...parsed, secret: await resolveEsimWebhookSecret(env, db), serverUrl });
    process.stdout.write(`${result.line}\n`);
    if (result.delivery === 'refused') throw new CliExit(1, `event refused by the server: ${result.answer}`);
  },
};
