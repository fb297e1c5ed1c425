/**
 * The database schema, one file per domain under schema/, gathered here: drizzle-kit reads this
 * file (server/drizzle.config.ts) and `db/index.ts` passes it to drizzle, so every table is
 * exported from here and code imports tables from here.
 */
export * from './schema/accounts.ts';
export * from './schema/articles.ts';
export * from './schema/circle.ts';
export * from './schema/commerce.ts';
export * from './schema/consultations.ts';
export * from './schema/experts.ts';
export * from './schema/learning.ts';
export * from './schema/offline.ts';
export * from './schema/payments.ts';
export * from './schema/site.ts';
export * from './schema/staff.ts';
