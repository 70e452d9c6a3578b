// Every table, for Drizzle's migrations and typed queries. Features own their tables.
export * from '../features/auth/auth.table.ts';
export * from '../features/reports/reports.table.ts';
export * from '../platform/rate-limit/rate-limit.table.ts';
export * from '../features/families/families.table.ts';
export * from '../platform/secrets/app-secrets.table.ts';
export * from '../features/books/books.table.ts';
export * from '../features/billing/billing.table.ts';
export * from '../features/recordings/recordings.table.ts';
export * from '../features/requests/requests.table.ts';
export * from '../features/playback/playback.table.ts';
export * from '../features/narration/narration.table.ts';
export * from '../platform/idempotency/idempotency.table.ts';
export * from '../features/devices/devices.table.ts';
