// `node dist/cli.js subscriptions advance <SUB-id> [--fail]`: a demo subscription's month ends
// (demo payments only; with Stripe, Stripe Billing renews). It renews (the month's data goes on the
// subscription's eSIM, a receipt e-mail), fails to (`--fail`: the traveller is e-mailed once, the
// next advance charges the same invoice again), or ends when it was set to cancel. Prints one line.
import { advanceDemoRenewal, runDueWork } from '@esim/api';
import { buildServices } from '../deps.ts';
import { readEnv } from '../env.ts';
import type { CliCommandSpec } from './types.ts';

const USAGE = 'usage: node dist/cli.js subscriptions advance <SUB-…> [--fail]';

export const subscriptionsCommand: CliCommandSpec = {
  help: 'subscriptions advance <SUB-…> [--fail]: end the month of a demo subscription (renew, or fail to)',
  run: async ({ db, log }, args) => {
    const [verb, id, ...flags] = args;
    if (verb !== 'advance' || !id) throw new Error(USAGE);
    const unknown = flags.filter((f) => f !== '--fail');
    if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}; ${USAGE}`);
    const services = buildServices({ ...readEnv(), FULFILMENT_INLINE: true }, db, log);
    try {
      if (services.payments.name !== 'demo') {
        throw new Error('Renewals are advanced by hand with demo payments only: this shop uses Stripe, where Stripe Billing renews.');
      }
      const r = await advanceDemoRenewal(db, services, id, { fail: flags.includes('--fail') });
      // The renewal's order is provisioned and its e-mail sent here, not left for the server's worker.
      await services.jobs.idle();
      await runDueWork(db, services);
      const sub = await db
        .selectFrom('subscriptions as s')
        .leftJoin('esims as e', 'e.id', 's.esim_id')
        .select(['s.current_period_end', 'e.iccid', 'e.data_total_mb'])
        .where('s.public_id', '=', id)
        .executeTakeFirst();
      const esim = sub?.iccid
        ? `eSIM ${sub.iccid} now has ${sub.data_total_mb === null ? 'unlimited data' : `${sub.data_total_mb} MB in all`}`
        : '';
      const line =
        r.outcome === 'renewed'
          ? `${id}: renewed (invoice ${r.invoiceId}), paid until ${sub?.current_period_end ?? '?'}${esim ? `; ${esim}` : ''}`
          : r.outcome === 'payment_failed'
            ? `${id}: the renewal payment failed (invoice ${r.invoiceId}); the traveller is e-mailed, and the next advance charges it again`
            : `${id}: ended (it was set to cancel at the end of the paid month)`;
      process.stdout.write(`${line}\n`);
    } finally {
      await services.mailer.close();
    }
  },
};
