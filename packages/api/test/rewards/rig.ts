// Test rig for Traveler Rewards: the orders rig (in-memory SQLite, fake clock, demo payments, eSIM
// simulator) plus the seeded levels and achievements, a few more regions (countries on three
// continents, a Europe bundle covering France and Italy) with a plan each, and small helpers.
import { seedRewards, type Db } from '@esim/db';
import { CARDS, account, createOrdersRig, type Browser, type OrdersRig, type RigOptions } from '../orders/rig.ts';

export interface RewardsRig extends OrdersRig {
  regions: { japan: number; france: number; italy: number; thailand: number; usa: number; brazil: number; europe: number };
  /** One plan per extra region, 9.99 USD each. */
  planIn: { france: number; italy: number; thailand: number; usa: number; brazil: number; europe: number };
}

export async function createRewardsRig(opts: RigOptions = {}): Promise<RewardsRig> {
  const rig = await createOrdersRig(opts);
  const db = rig.db;
  await seedRewards(db);
  const japan = (await db.selectFrom('regions').select('id').where('code', '=', 'JP').executeTakeFirstOrThrow()).id;
  const add = async (code: string, name: string, continent: string | null, kind: 'country' | 'bundle') =>
    (
      await db
        .insertInto('regions')
        .values({ code, name, continent, flag_icon: `/flags/4x3/${code.toLowerCase()}.svg`, kind })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const regions = {
    japan,
    france: await add('FR', 'France', 'Europe', 'country'),
    italy: await add('IT', 'Italy', 'Europe', 'country'),
    thailand: await add('TH', 'Thailand', 'Asia', 'country'),
    usa: await add('US', 'United States', 'North America', 'country'),
    brazil: await add('BR', 'Brazil', 'South America', 'country'),
    europe: await add('EU', 'Europe', 'Europe', 'bundle'),
  };
  await db
    .insertInto('region_countries')
    .values([
      { region_id: japan, country_code: 'JP', position: 0 },
      { region_id: regions.france, country_code: 'FR', position: 0 },
      { region_id: regions.italy, country_code: 'IT', position: 0 },
      { region_id: regions.europe, country_code: 'FR', position: 0 },
      { region_id: regions.europe, country_code: 'IT', position: 1 },
    ])
    .execute();
  const planIn = {} as RewardsRig['planIn'];
  for (const key of ['france', 'italy', 'thailand', 'usa', 'brazil', 'europe'] as const) {
    planIn[key] = (
      await db
        .insertInto('plans')
        .values({
          region_id: regions[key],
          slug: `${key}-1gb-7d`,
          name: `${key} 1GB 7 Days`,
          description: '',
          price_minor: 999,
          currency: 'USD',
          validity_days: 7,
          data_amount: '1GB',
          data_mb: 1024,
          features: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  rig.services.catalog.invalidate();
  return Object.assign(rig, { regions, planIn });
}

export async function signedIn(rig: OrdersRig, over: Partial<{ email: string }> = {}): Promise<{ browser: Browser; userId: number }> {
  const browser = rig.browser();
  const acc = account(over);
  await (await browser.caller()).auth.register(acc);
  const user = await rig.db.selectFrom('users').select('id').where('username', '=', acc.username).executeTakeFirstOrThrow();
  return { browser, userId: user.id };
}

/** Buys `planId` with the demo card; returns the checkout answer. */
export async function buy(rig: OrdersRig, b: Browser, planId: number, extra: { email?: string } = {}) {
  const api = await b.caller();
  const intent = await api.payments.createIntent({ planId, ...extra });
  await api.payments.demoConfirm({ paymentIntentId: intent.paymentIntentId!, clientSecret: intent.clientSecret, card: CARDS.ok });
  await rig.settle();
  return intent;
}

export async function ledger(db: Db, userId: number) {
  return db
    .selectFrom('points_ledger')
    .select(['source', 'amount', 'unique_key', 'order_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export async function balance(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('points_ledger')
    .select((eb) => eb.fn.sum<number>('amount').as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** A person's correction, for setting up balances and levels. */
export async function adjust(db: Db, userId: number, amount: number, key = `adjustment:${Math.random()}`) {
  await db
    .insertInto('points_ledger')
    .values({
      user_id: userId,
      source: 'adjustment',
      amount,
      description: 'test',
      unique_key: key,
      order_id: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export const DAY = 86_400_000;
