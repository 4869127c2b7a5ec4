import { FINANCE_API, formatMinor } from '../../../../shared/api/console-finance.ts';
import { buildPath } from '../../../../shared/routes/match.ts';
import { ROUTES } from '../../../../shared/routes/table.ts';

export { FINANCE_API };

/** "¥12.34" from minor units; the digits come from the text, never through a float. */
export const money = (minor: string | number) => `¥${formatMinor(minor)}`;

/** The address of another payments page (root's pages take no space prefix). */
export function financePath(routeId: 'financialShop' | 'financialShopEdit', query: Record<string, string> = {}): string {
  const path = buildPath(ROUTES.find((r) => r.id === `console.${routeId}`)!, {}, null);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

