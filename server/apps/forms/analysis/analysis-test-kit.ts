/** Test-only helpers of the analysis suites: the forms, the members and the provider called as the dashboards app does. */
import type { ChartQuery, ChartResult } from '../../../../shared/dashboards/model.ts';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../shared/forms/filters.ts';
import type { Language } from '../../../../shared/i18n/index.ts';
import type { Role } from '../../../../shared/roles.ts';
import { signedIn, type TestClient } from '../../../../tests/support/client.ts';
import { appRoles, ok, publishedForm } from '../../../../tests/support/forms.ts';
import type { AnalysisActor } from '../../../kernel/analysis.ts';
import { inSpace } from '../../../kernel/db/pool.ts';
import { AppError } from '../../../kernel/errors.ts';
import type { Platform } from '../../../platform.ts';

export const CUSTOMER_FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Name', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Region', options: ['north', 'south'] },
];

export const orderFields = (customerFormId: string): FieldDef[] => [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['open', 'doing', 'done'] },
  { key: 'f3', type: 'amount', label: 'Amount', decimals: 2 },
  { key: 'f4', type: 'date', label: 'Due' },
  { key: 'f5', type: 'email', label: 'Contact' },
  { key: 'f6', type: 'relation', label: 'Customer', relation: { formId: customerFormId } },
  { key: 'f7', type: 'multiselect', label: 'Tags', options: ['rush', 'export'] },
  { key: 'f8', type: 'member', label: 'Assignee' },
  { key: 'f9', type: 'department', label: 'Plant' },
];

const ALL_ROLES = ['saas', 'admin', 'user', 'safe', 'audit'];

/** The customer and order forms of acme, both open to every role, through the API as an admin designs them. */
export async function designForms(admin: TestClient) {
  const customers = await publishedForm(admin, CUSTOMER_FIELDS, { system: 'Sales', app: 'Customers', form: 'Customer' });
  const orders = await publishedForm(admin, orderFields(customers.formId));
  await appRoles(admin, customers.appId, ALL_ROLES);
  await appRoles(admin, orders.appId, ALL_ROLES);
  return { customers, orders };
}

/** A signed-in member and the actor the dashboards app would pass for him. */
export async function member(platform: Platform, login: string, language: Language = 'en') {
  const client = await signedIn(platform.url, login);
  const me = await ok(client.get('/api/account/me'));
  const spaceId = login.split('.')[0]!;
  const row = await platform.kernel.db.selectFrom('memberships').select('roles').where('space_id', '=', spaceId).where('user_id', '=', me.id).executeTakeFirstOrThrow();
  const actor: AnalysisActor = { userId: me.id as string, roles: row.roles as Role[], spaceId, language };
  return { client, actor, id: me.id as string };
}

/** kernel.analysis.records as the dashboards app calls it: one transaction in the actor's space. */
export function provider(platform: Platform) {
  const records = () => platform.kernel.analysis.records;
  const run = <T>(actor: AnalysisActor, work: Parameters<typeof inSpace<T>>[2]) => inSpace(platform.kernel.db, actor.spaceId, work);
  return {
    fields: (actor: AnalysisActor, formId: string) => run(actor, (trx) => records().fields(trx, actor, formId)),
    aggregate: (actor: AnalysisActor, query: ChartQuery, extra?: FilterGroup): Promise<ChartResult> => run(actor, (trx) => records().aggregate(trx, actor, query, extra)),
    cacheKey: (actor: AnalysisActor, query: ChartQuery) => run(actor, (trx) => records().cacheKey(trx, actor, query)),
    drillHref: (actor: AnalysisActor, query: ChartQuery, keys: Array<string | number | null>) => run(actor, (trx) => records().drillHref(trx, actor, query, keys)),
  };
}

/** The refusal of a call: its status, key and message in both languages (never the bare key). */
export async function refusal(platform: Platform, call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { t } = platform.kernel.i18n;
    return { status: error.status, key: error.key, en: t('en', error.key, error.params), zh: t('zh-CN', error.key, error.params) };
  }
  throw new Error('expected a refusal, got an answer');
}

/** A result as `label → values` rows, easy to compare. */
export const table = (result: ChartResult) => result.rows.map((row) => row.map((cell) => (typeof cell === 'number' ? Math.round(cell * 100) / 100 : cell)));
