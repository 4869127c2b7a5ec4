import { sql } from 'kysely';
import type { FieldDef } from '../../../shared/forms/fields.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { loadFormAs } from './context.ts';
import { storedDefinition } from './definitions.ts';
import { createRecord } from './records.ts';
import { ensureIndex, prepareStorage } from './storage.ts';

/** An equipment-inspection app, so a fresh platform shows the forms engine at work (README: demo spaces). */
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'text', label: '设备 Equipment', required: true, title: true },
  { key: 'f2', type: 'select', label: '状态 Status', options: ['待检 To check', '正常 OK', '故障 Fault'], defaultValue: '待检 To check' },
  { key: 'f3', type: 'date', label: '点检日期 Inspection date' },
  { key: 'f4', type: 'number', label: '温度 Temperature (°C)', decimals: 1, numberRule: { kind: 'between', min: -40, max: 400 } },
  { key: 'f5', type: 'textarea', label: '备注 Notes' },
  { key: 'f6', type: 'serial', label: '单号 No.', numbering: { prefix: 'DJ', datePart: 'yyyyMM', digits: 4 } },
  // Downtime booked per line: the occupy view's resource, start and end (date-time fields, §2.8 occupy).
  { key: 'f7', type: 'select', label: '产线 Line', options: ['一号线 Line 1', '二号线 Line 2'] },
  { key: 'f8', type: 'datetime', label: '停机开始 Downtime start' },
  { key: 'f9', type: 'datetime', label: '停机结束 Downtime end' },
];

/** A downtime window on a line, `fromHour`..`toHour` o'clock (UTC) today: demo bookings that never overlap. */
function downtime(line: string, fromHour: number, toHour: number): Record<string, unknown> {
  const day = new Date().toISOString().slice(0, 10);
  const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  return { f7: line, f8: at(fromHour), f9: at(toHour) };
}

const RECORDS: Array<Record<string, unknown>> = [
  { f1: '注塑机 1 Moulding press 1', f2: '正常 OK', f4: 68.5, ...downtime('一号线 Line 1', 1, 3) },
  { f1: '注塑机 2 Moulding press 2', f2: '故障 Fault', f4: 121, f5: '油温过高 Oil too hot', ...downtime('一号线 Line 1', 4, 8) },
  { f1: '冷却塔 Cooling tower', f2: '待检 To check' },
  { f1: '空压机 Air compressor', f2: '正常 OK', f4: 45.2, ...downtime('二号线 Line 2', 2, 5) },
  // A long equipment name, as real plants have them: labels and cards must wrap it, not clip it.
  { f1: '二号线注塑机上料机械手（左工位） Line 2 moulding press loader robot, left station', f2: '待检 To check', ...downtime('二号线 Line 2', 6, 7) },
];

/** Runs in the space's transaction as its admin: system, app, published form, two views, a rule, a few records. */
export async function seedFormsDemo(trx: Trx, spaceId: string, adminId: string): Promise<{ appId: string; formId: string }> {
  const system = await trx.insertInto('appcenter_system').values({ space_id: spaceId, name: '生产管理 Production' }).returning('id').executeTakeFirstOrThrow();
  const app = await trx
    .insertInto('appcenter_app')
    .values({ space_id: spaceId, system_id: system.id, name: '设备点检 Equipment inspection', icon: 'tool', description: '每日设备点检记录 Daily equipment checks', created_by: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = storedDefinition({ fields: FIELDS });
  const form = await trx
    .insertInto('forms_form')
    .values({ space_id: spaceId, app_id: app.id, name: '点检记录 Inspection', draft: definition, version: 1, highest_key: FIELDS.length, created_by: adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('forms_version').values({ space_id: spaceId, form_id: form.id, version: 1, definition, published_by: adminId }).execute();
  await prepareStorage(trx, form.id, FIELDS);
  for (const column of ['f2', 'f3', 'f7', 'f8', 'f9']) await ensureIndex(trx, form.id, column);
  // The occupy view's no-overlap rule, as saving the view in the editor would add it (views-routes.ts).
  await sql`select forms_storage_occupy(${form.id}::bigint, 'f7', 'f8', 'f9')`.execute(trx);
  await trx
    .insertInto('forms_view')
    .values([
      { space_id: spaceId, form_id: form.id, name: '看板 Board', kind: 'board', config: JSON.stringify({ groupField: 'f2' }) },
      { space_id: spaceId, form_id: form.id, name: '日历 Calendar', kind: 'calendar', config: JSON.stringify({ dateField: 'f3', mode: 'month' }) },
      { space_id: spaceId, form_id: form.id, name: '停机占用 Downtime', kind: 'occupy', config: JSON.stringify({ resourceField: 'f7', startField: 'f8', endField: 'f9' }) },
    ])
    .execute();
  await trx
    .insertInto('forms_rule')
    .values({ space_id: spaceId, form_id: form.id, name: '本部门可见 Own department', subject_kind: 'role', subject: 'user', levels: ['view', 'modify'], scope: 'department' })
    .execute();
  const { form: meta, viewer } = await loadFormAs(trx, { userId: adminId, roles: ['admin'], spaceId }, form.id);
  const today = new Date().toISOString().slice(0, 10);
  for (const values of RECORDS) await createRecord(trx, meta, viewer, { f3: today, ...values });
  return { appId: String(app.id), formId: String(form.id) };
}
