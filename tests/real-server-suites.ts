/**
 * The integration suites CI runs a second time against the machine's PostgreSQL (a separate, long-lived server of
 * another major version, with roles that outlive a run), after the whole suite has passed on the embedded one.
 * Running every suite twice cost CI a third of its time for what is, apart from these, the same SQL on the same
 * planner: the second pass covers what can differ on a real server. Every suite's migrations and the demo seed run
 * there anyway (the run's template database is built on it).
 */
export const REAL_SERVER_SUITES = [
  // Migrations on a server that already has the roles, row-level security, the owner/app role split, pooled transactions.
  'server/kernel/db/migrate.int.test.ts',
  'server/kernel/db/policies.int.test.ts',
  'server/kernel/db/tenancy.int.test.ts',
  'server/kernel/db/together.int.test.ts',
  // Every route's access in every role, and spaces that never leak.
  'tests/access-matrix.int.test.ts',
  // SKIP LOCKED claims, leases, LISTEN/NOTIFY and SECURITY DEFINER functions, across processes and a killed one.
  'server/kernel/jobs/jobs.int.test.ts',
  'server/kernel/jobs/schedules.int.test.ts',
  'server/kernel/jobs/crash.int.test.ts',
  'server/kernel/push/two-process.int.test.ts',
  // The compiled server stopped with work in flight, as production runs it on a real server.
  'server/drain.int.test.ts',
  // Backups and restores with the distribution's pg_dump and pg_restore (the embedded server is newer than them).
  'tests/deploy/backup-restore.int.test.ts',
  'server/apps/messages/crash.int.test.ts',
  'server/apps/forms/jobs/import-crash.int.test.ts',
  // Row locks and serialisation under concurrent approvals.
  'server/apps/workflow/tests/races.int.test.ts',
  // The record queries: JSON filters, sorts, aggregates, hidden fields, the one write path with its events.
  'server/apps/forms/records.int.test.ts',
  'server/apps/forms/hidden-fields.int.test.ts',
  'server/apps/forms/write.int.test.ts',
  'server/apps/forms/analysis/aggregate.int.test.ts',
  // Time zones and dates as the server's own settings see them.
  'server/apps/forms/jobs/time-zone.int.test.ts',
  // The demo spaces as `npm start` seeds them.
  'server/demo.int.test.ts',
] as const;
