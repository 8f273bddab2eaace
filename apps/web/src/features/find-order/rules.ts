// 'Find my order' rules (spec §5 behaviour through useShopForm), mirroring the server's
// ZFindOrderInput (packages/api/src/routers/esim-links.ts): the address as ZEmail checks it, the
// order number required and at most 32 characters. Plain functions, as every shop form's
// (features/auth/rules.ts says why not zod); rules.test.ts checks them against the schema.
import { emailError } from '../auth/rules.ts';

export type FindOrderValues = { email: string; orderNumber: string };

/** Keys of the 'esim' namespace (findOrder.validation.*), whose English texts are the server's. */
export type FindOrderMessage = 'findOrder.validation.email' | 'findOrder.validation.required' | 'findOrder.validation.orderNumber';

const ORDER_NUMBER_MAX = 32;

export function validateFindOrder(v: FindOrderValues): {
  ok: boolean;
  errors: Partial<Record<keyof FindOrderValues, FindOrderMessage>>;
  data: FindOrderValues;
} {
  const orderNumber = v.orderNumber.trim();
  const errors: Partial<Record<keyof FindOrderValues, FindOrderMessage>> = {};
  if (emailError(v.email)) errors.email = 'findOrder.validation.email';
  if (orderNumber.length < 1) errors.orderNumber = 'findOrder.validation.required';
  else if (orderNumber.length > ORDER_NUMBER_MAX) errors.orderNumber = 'findOrder.validation.orderNumber';
  // What the server does too: trimmed, the address lower-cased, the number upper-cased (ORD-…).
  return {
    ok: Object.keys(errors).length === 0,
    errors,
    data: { email: v.email.trim().toLowerCase(), orderNumber: orderNumber.toUpperCase() },
  };
}
