// How the admin pages cache: figures change under them (orders come in, jobs run), so an admin
// query is fresh for a short while only, unlike the shop's (never stale, lib/query-client.ts).
export const ADMIN_STALE_MS = 10_000;
