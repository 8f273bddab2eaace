// The order table's URL (search params) ⇄ the admin.orders.list input.
import { ADMIN_ORDER_STATUSES, ZOrderListInput, type TOrderListInput } from '@esim/api/domain/admin';
import { filledFilters, type TextSearch } from '../admin-search.ts';

export const ORDER_FILTER_KEYS = ['status', 'from', 'to', 'email', 'iccid', 'paymentId', 'destination', 'orderId'] as const;
export type OrderFilterKey = (typeof ORDER_FILTER_KEYS)[number];
export type OrderSearch = TextSearch<OrderFilterKey>;
export type OrderStatusFilter = (typeof ADMIN_ORDER_STATUSES)[number];

export const ORDER_PAGE_SIZE = 25;

export const isOrderStatus = (value: string | undefined): value is OrderStatusFilter =>
  value !== undefined && (ADMIN_ORDER_STATUSES as readonly string[]).includes(value);

/** The list input for the URL's search, or the field messages when a value is not valid. */
export function orderListInput(
  search: OrderSearch,
): { ok: true; input: TOrderListInput } | { ok: false; fields: Partial<Record<OrderFilterKey, string>> } {
  const { page, status, ...text } = search;
  const result = ZOrderListInput.safeParse({
    ...text,
    ...(status === undefined ? {} : { status }),
    page: page ?? 1,
    pageSize: ORDER_PAGE_SIZE,
  });
  if (result.success) return { ok: true, input: result.data };
  const fields: Partial<Record<OrderFilterKey, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (ORDER_FILTER_KEYS as readonly string[]).includes(key) && !fields[key as OrderFilterKey]) {
      fields[key as OrderFilterKey] = key === 'status' ? 'Pick a status from the list' : issue.message;
    }
  }
  return { ok: false, fields };
}

/** The filters as the URL keeps them: empty values left out, page 1 implied. */
export function cleanFilters(values: Partial<Record<OrderFilterKey, string>>): OrderSearch {
  return filledFilters(ORDER_FILTER_KEYS, values);
}
