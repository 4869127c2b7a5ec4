import type { FieldDef } from '../../shared/forms/fields.ts';
import type { TestClient } from './client.ts';

/** Asserts a 200 answer and returns its data (a failing setup step says what the server said). */
export async function ok<T = any>(answer: Promise<{ status: number; body: { data: T; msg: string; text?: string } }>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`expected 200, got ${status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A system, an app in it and a form with `fields`, published as version 1 — through the API, as an admin would. */
export async function publishedForm(admin: TestClient, fields: FieldDef[], names = { system: 'Production', app: 'Orders', form: 'Order' }) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const system = await ok(admin.post('/api/appcenter/systems', { name: `${names.system} ${suffix}` }));
  const app = await ok(admin.post('/api/appcenter/apps', { systemId: system.id, name: names.app }));
  const form = await ok(admin.post('/api/forms/forms', { appId: app.id, name: names.form }));
  const saved = await ok(admin.put(`/api/forms/forms/${form.id}/draft`, { definition: { fields }, draftUpdatedAt: form.draftUpdatedAt }));
  await ok(admin.post(`/api/forms/forms/${form.id}/publish`));
  return { systemId: system.id as string, appId: app.id as string, formId: form.id as string, draftUpdatedAt: saved.draftUpdatedAt as string };
}

/** An admin names `roles` on an app: only they use it, and safe and audit only when named (decision 0026). */
export async function appRoles(admin: TestClient, appId: string, roles: string[]) {
  const app = await ok(admin.get(`/api/appcenter/apps/${appId}`));
  return ok(admin.patch(`/api/appcenter/apps/${appId}`, { roles, updatedAt: app.updatedAt }));
}

/** The order form most suites use: title, status (select), amount, due date, owner member, notes, serial number. */
export const ORDER_FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'select', label: 'Status', options: ['open', 'doing', 'done'], defaultValue: 'open' },
  { key: 'f3', type: 'amount', label: 'Amount', decimals: 2, numberRule: { kind: 'between', min: 0, max: 1_000_000 } },
  { key: 'f4', type: 'date', label: 'Due' },
  { key: 'f5', type: 'email', label: 'Contact' },
  { key: 'f6', type: 'textarea', label: 'Notes' },
  { key: 'f7', type: 'serial', label: 'No.', numbering: { prefix: 'PO', datePart: 'none', digits: 5 } },
];
