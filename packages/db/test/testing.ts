// What other packages' tests reuse, as `@esim/db/testing`: throwaway PostgreSQL clusters and the
// migrated in-memory SQLite template.
export * from './pg-cluster.ts';
export * from './memory-template.ts';
