// The admin area's building blocks, shared by every admin page.
export { AdminList, type AdminListProps, type ListFilterState, type ListPage } from './admin-list.tsx';
export { AdminPage, type AdminPageProps } from './admin-page.tsx';
export { ApiErrorAlert, errorWords, type ApiErrorAlertProps, type ErrorWords } from './api-error.tsx';
export { ConfirmActionButton, type ConfirmActionButtonProps } from './confirm-action-button.tsx';
export { DataTable, type DataColumn, type DataTableProps } from './data-table.tsx';
export { FilterBar, type FilterBarProps } from './filter-bar.tsx';
export { ADMIN_LOCALE, formatCount, formatDateTime, formatDay, formatMoney, formatShortDay, formatUsdMinor } from './format.ts';
export { Code, Money, type MoneyProps } from './money.tsx';
export { Pager, pageCount, type PagerProps } from './pager.tsx';
export { StatusBadge, statusLabel } from './status-badge.tsx';
