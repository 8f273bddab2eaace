// Saving the profile form: the fields are written at once, a new e-mail address only once the
// link sent to it is opened (email-verification.ts requestEmailChange). A username held by someone
// else is a CONFLICT naming the field (usernames are public); an address held by someone else gets
// the same answer as a free one.
import type { Db } from '@esim/db';
import type { TUpdateProfileInput } from '../../domain/validation.ts';
import { writeTransaction } from '../shared/db-tx.ts';
import { requestEmailChange } from './email-verification.ts';
import type { Services } from '../types.ts';
import { findUserById, normalizeEmail, updateProfile, type PublicUser } from './users.ts';
import { AppError } from '../../errors.ts';

export type SavedProfile = PublicUser & {
  /** The address a confirmation link was sent to (this save asked to change it), else null. */
  pendingEmail: string | null;
};

export async function saveProfile(
  db: Db,
  services: Services,
  userId: number,
  input: TUpdateProfileInput,
  meta: { ip: string; locale?: string | undefined },
): Promise<SavedProfile> {
  const { email, ...rest } = input;
  return writeTransaction(db, async (trx) => {
    const current = await findUserById(trx, userId);
    if (!current) throw new AppError('UNAUTHORIZED');
    const changesEmail = email !== undefined && normalizeEmail(email) !== current.email;
    // The interface language the form was saved in becomes the account's (users.locale).
    const user = await updateProfile(trx, userId, rest, services.now(), meta.locale);
    if (!changesEmail) return { ...user, pendingEmail: null };
    const { pendingEmail } = await requestEmailChange(trx, services, { id: userId }, email, meta);
    return { ...user, pendingEmail };
  });
}
