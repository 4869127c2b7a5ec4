/** Document title of spec §2.1: optional prefix, the route title, then " - " and the organisation name. */
export function documentTitle(routeTitle: string, orgName?: string | null, prefix?: string | null): string {
  return `${prefix ?? ''}${routeTitle}${orgName ? ` - ${orgName}` : ''}`;
}
