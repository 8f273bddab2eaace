// Contract stubs (issue 14): replaced by the real services as they land. Delete with the last use.
import { AppError } from '../../errors.ts';

export function notBuilt<T>(): T {
  throw new AppError('INTERNAL', 'Not built yet.');
}
