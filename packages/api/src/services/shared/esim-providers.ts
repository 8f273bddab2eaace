// The provider registry (issue 25, ESIM_PROVIDERS): which configured provider answers for a plan,
// an order or an eSIM. A plan records its provider (plans.provider), an order the provider it is
// being provisioned from (orders.provision_provider, set when it first goes to one), an eSIM the
// provider that issued it (esims.provider): top-ups, usage, cancel and webhooks go there, never to
// another provider.
import { EsimProviderError } from '../../providers/esim/index.ts';
import type { Db, Order } from '@esim/db';
import type { EsimProvider } from '../../providers/esim/index.ts';
import type { Services } from '../types.ts';

/** Every configured provider, in order of preference; `services.esim` alone when only it is set. */
export function esimProviders(services: Pick<Services, 'esim' | 'esimProviders'>): readonly EsimProvider[] {
  const list = services.esimProviders;
  if (!list?.length) return [services.esim];
  return list.some((p) => p === services.esim || p.name === services.esim.name) ? list : [services.esim, ...list];
}

/** The configured provider called `name` (null/undefined: the default one), or undefined. */
export function findEsimProvider(
  services: Pick<Services, 'esim' | 'esimProviders'>,
  name: string | null | undefined,
): EsimProvider | undefined {
  if (name == null) return services.esim;
  if (services.esim.name === name) return services.esim;
  return esimProviders(services).find((p) => p.name === name);
}

/**
 * The configured provider called `name` (null/undefined: the default one). A provider that is not
 * configured any more is a non-retryable rejection naming the setting, never a call to another
 * provider (which would not know the eSIM, or would sell a different package).
 */
export function esimProviderFor(services: Pick<Services, 'esim' | 'esimProviders'>, name: string | null | undefined): EsimProvider {
  const found = findEsimProvider(services, name);
  if (found) return found;
  const names = esimProviders(services).map((p) => p.name);
  throw new EsimProviderError('rejected', `eSIM provider ${name} is not configured (ESIM_PROVIDERS=${names.join(',')})`, false);
}

/** The eSIM's usage from its own provider (a provider not configured rejects, as a promise). */
export async function usageAtProvider(services: Pick<Services, 'esim' | 'esimProviders'>, provider: string | null, iccid: string) {
  return esimProviderFor(services, provider).usage(iccid);
}

/**
 * The plan an order is being provisioned from: its own (orders.plan_id), or after a failover the
 * other provider's equivalent plan (orders.provision_plan_id). Undefined when the plan is gone.
 */
export async function provisioningPlanOf(
  db: Db,
  order: Pick<Order, 'plan_id' | 'provision_plan_id'>,
): Promise<{ id: number; provider: string | null; provider_package: string | null; offer_key: string | null } | undefined> {
  return db
    .selectFrom('plans')
    .select(['id', 'provider', 'provider_package', 'offer_key'])
    .where('id', '=', order.provision_plan_id ?? order.plan_id)
    .executeTakeFirst();
}

/** The provider an order is (being) provisioned by: its provisioning plan's, else the default one. */
export async function providerOfOrder(
  db: Db,
  services: Pick<Services, 'esim' | 'esimProviders'>,
  order: Pick<Order, 'plan_id' | 'provision_plan_id'>,
): Promise<EsimProvider> {
  return esimProviderFor(services, (await provisioningPlanOf(db, order))?.provider ?? null);
}
