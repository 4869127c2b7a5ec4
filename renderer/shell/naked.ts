/**
 * `__NAKED__` in the query (spec §2.1) switches naked mode for the tab: the page without header and menus.
 * Returns the new setting, or null when the query does not mention it (the stored one stays).
 */
export function nakedFromQuery(search: string): boolean | null {
  const query = new URLSearchParams(search);
  if (!query.has('__NAKED__')) return null;
  const value = (query.get('__NAKED__') ?? '').toLowerCase();
  return value !== '0' && value !== 'false';
}
