// Top-ups (issue 13): the packages that fit an eSIM, bought through the same checkout and applied
// to the same eSIM by the same exactly-once fulfilment. STUB: built by the commerce helper.
import type { Db } from '@esim/db';
import type { Plan } from '../domain/catalog.ts';
import type { Services } from './types.ts';

/** The plans that can top up the user's eSIM `iccid` (same destination); someone else's → 404. */
export async function listTopUpOptions(_db: Db, _services: Services, _userId: number, _iccid: string): Promise<Plan[]> {
  throw new Error('issue 13: listTopUpOptions not built yet');
}
