/**
 * B12's baseline endpoint: the address-book search and the picker's first page as a developer would hand-write
 * them — the fixed SQL of bench/org-setup.ts (same transaction, same row-level security setting, same predicate,
 * order and limit) answered as JSON. The difference to the API is what the platform adds: session and access
 * checks, the visibility setting, the query builder, mapping.
 */
import { serveHandSql } from './hand-sql-server.ts';
import { SPACE, handFirstPageSql, handSearchSql } from './org-setup.ts';

serveHandSql(SPACE, 'contacts', (url) => {
  const q = url.searchParams.get('q');
  return q ? handSearchSql(q) : handFirstPageSql();
});
