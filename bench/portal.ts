/**
 * bench:portal — the portal's open call against its own slowest part, in the same run:
 *   a space with a form of 1,000,000 records (bulk-loaded as bench:records does), a portal of six components of
 *   which two are application-data components over that form (different labels: other title and content fields,
 *   one with two tabs), opened by a NON-admin member whose department rule restricts what he sees.
 *   Measured: p50 of the whole `GET /api/portal/open` vs the p50 of the slowest single component call
 *   (`GET /api/portal/portals/:id/components/:componentId/data`), all calls alternating (target ≤ 1.3×).
 * RECORDS (default 1,000,000) and SAMPLES (default 200) may be lowered for a quick look.
 */
import type { PortalComponent, PortalDraft } from '../shared/portal/model.ts';
import type { TestClient } from '../tests/support/client.ts';
import { bulkLoad, designOrders, signedIn, startBenchStack } from './records-setup.ts';

const RECORDS = Number(process.env.RECORDS ?? 1_000_000);
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const line = (text: string) => console.log(text);

function sixComponents(appId: string, formId: string): PortalComponent[] {
  const base = { hideName: false } as const;
  const label = (id: string, name: string, titleField: string, contentField: string) => ({ id, name, appId, formId, titleField, contentField });
  return [
    { ...base, id: 'alerts', type: 'messageAlert', name: 'Messages', style: 'list', place: { x: 0, y: 0, w: 6, h: 4 }, config: { categories: [], pageSize: 10 } },
    { ...base, id: 'work', type: 'myWork', name: 'My work', style: 'card', place: { x: 6, y: 0, w: 6, h: 4 }, config: { pageSize: 10 } },
    {
      ...base, id: 'orders', type: 'appData', name: 'Orders', style: 'list', place: { x: 0, y: 4, w: 6, h: 6 },
      config: { labels: [label('byCustomer', 'By customer', 'f1', 'f6'), label('byStatus', 'By status', 'f1', 'f2')], linkedLabel: null, pageSize: 20, maxItems: 999 },
    },
    {
      ...base, id: 'latest', type: 'appData', name: 'Latest', style: 'card', place: { x: 6, y: 4, w: 6, h: 6 },
      config: { labels: [label('lines', 'Lines', 'f1', 'f5')], linkedLabel: null, pageSize: 10, maxItems: 100 },
    },
    { ...base, id: 'output', type: 'chart', name: 'Output', style: 'card', place: { x: 0, y: 10, w: 6, h: 4 }, config: { chartId: null } },
    {
      ...base, id: 'entries', type: 'quickEntry', name: 'Shortcuts', style: 'grid', place: { x: 6, y: 10, w: 6, h: 4 },
      config: { itemsPerLine: 4, items: [{ id: 'apps', name: 'Apps', iconType: 'colour', icon: '#165dff', link: { type: 'system', target: 'appcenter.home' } }] },
    },
  ];
}

const stack = await startBenchStack();
try {
  const admin: TestClient = await signedIn(stack.base, 'acme.admin');
  const user: TestClient = await signedIn(stack.base, 'acme.user');
  // The order form with a department rule for users (bench:records' own set-up): the user sees 60% of the rows.
  const { appId, formId } = await designOrders(admin);
  const t = performance.now();
  await bulkLoad(stack.owner, formId, 'acme', RECORDS);
  line(`loaded ${RECORDS.toLocaleString('en')} records in ${((performance.now() - t) / 1000).toFixed(1)} s (setup, not measured)`);
  const draft: PortalDraft = { terminal: 'web', name: 'Bench portal', description: '', cover: null, roleGroups: [], components: sixComponents(appId, formId) };
  const created = await admin.post('/api/portal/portals', draft);
  if (created.status !== 201) throw new Error(`portal not created: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  const portal = created.body.data;

  const openUrl = `/api/portal/open?terminal=web&id=${portal.id}`;
  const calls: Array<{ name: string; url: string }> = [
    { name: 'open', url: openUrl },
    ...draft.components.map((c) => ({ name: c.id, url: `/api/portal/portals/${portal.id}/components/${c.id}/data` })),
  ];
  const check = (name: string, data: any) => {
    const results = name === 'open' ? Object.values(data.components) : [data];
    if (results.some((r: any) => !r.ok)) throw new Error(`${name}: a component failed: ${JSON.stringify(data).slice(0, 300)}`);
    if (name === 'open' && data.components.orders.data.rows.length !== 20) throw new Error('open: the orders component has no full page');
  };
  const timed = async (call: { name: string; url: string }) => {
    const start = performance.now();
    const answer = await user.get(call.url);
    const took = performance.now() - start;
    if (answer.status !== 200) throw new Error(`${call.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    check(call.name, answer.body.data);
    return took;
  };
  // Warm up (plans, caches, connections), then every call in turn, SAMPLES rounds: noise hits all alike.
  for (let i = 0; i < Math.max(20, SAMPLES / 4); i += 1) for (const call of calls) await timed(call);
  const times = new Map(calls.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < SAMPLES; i += 1) for (const call of calls) times.get(call.name)!.push(await timed(call));

  const medians = calls.map((c) => ({ name: c.name, p50: p50(times.get(c.name)!) }));
  const open = medians[0]!.p50;
  const parts = medians.slice(1);
  const slowest = parts.reduce((a, b) => (b.p50 > a.p50 ? b : a));
  line(`portal components p50 (one call each): ${parts.map((p) => `${p.name} ${ms(p.p50)}`).join(', ')}`);
  line(`portal open p50 ${ms(open)} (6 components, 4 with data, ${RECORDS.toLocaleString('en')} records, non-admin under a department rule) vs slowest component "${slowest.name}" ${ms(slowest.p50)}`);
  line(`portal: open ${(open / slowest.p50).toFixed(2)}× the slowest component call (target ≤ 1.3×)`);
} finally {
  await stack.stop();
}
