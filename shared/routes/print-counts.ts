import { MICRO_APPS } from '../apps.ts';
import { ROUTES } from './table.ts';

/** `npm run routes`: how many pages of each micro-app are built and how many are still planned. */
const rows = MICRO_APPS.map((app) => {
  const routes = ROUTES.filter((route) => route.app === app);
  const built = routes.filter((route) => route.status === 'built').length;
  return { app, built, planned: routes.length - built, total: routes.length };
}).filter((row) => row.total > 0);

const line = (app: string, built: number | string, planned: number | string, total: number | string) =>
  `${app.padEnd(12)}${String(built).padStart(7)}${String(planned).padStart(9)}${String(total).padStart(7)}`;

console.log(line('app', 'built', 'planned', 'total'));
for (const row of rows) console.log(line(row.app, row.built, row.planned, row.total));
const built = rows.reduce((sum, row) => sum + row.built, 0);
console.log(line('total', built, ROUTES.length - built, ROUTES.length));
