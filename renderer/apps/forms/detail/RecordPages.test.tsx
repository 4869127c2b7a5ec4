import { afterEach, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { AppConfigPage } from './AppConfigPage.tsx';
import { draftProblems, toGroup } from './condition-model.ts';
import { QrcodePage, svgSource } from './QrcodePage.tsx';
import { RecycleDataPage } from './RecycleDataPage.tsx';
import { byTestId, cleanup, click, fakeApi, refuse, renderPage, type, type Call } from '../../../testing/page-kit.tsx';

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Title', required: true, title: true },
  { key: 'f2', type: 'number', label: 'Quantity' },
  { key: 'f3', type: 'serial', label: 'No.' },
];
const form = (design: boolean) => ({ id: '7', name: 'Orders', appId: '3', appName: 'Sales', systemName: 'Business', version: 1, fields, can: { design, monitor: false } });
const BASE = '/api/forms/forms/7';
const deleted = (id: string, title: string) => ({
  id, number: `SO-${id}`, ownerId: '11', createdBy: '11', updatedBy: '11', handlerId: null, rowVersion: 2,
  createdAt: '2026-03-01T08:00:00.000Z', updatedAt: '2026-03-01T08:00:00.000Z', deletedAt: '2026-03-02T08:00:00.000Z', values: { f1: title, f2: 1, f3: `SO-${id}` },
});

afterEach(cleanup);

describe('QrcodePage', () => {
  it('asks for the labels with the title and serial fields, shows the svg as an image, and counts what was left out', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const posted: Call[] = [];
    const { api } = fakeApi({
      [`GET ${BASE}`]: form(false),
      [`POST ${BASE}/qrcodes`]: (call: Call) => (posted.push(call), { codes: [{ id: '1', url: 'x', svg, lines: [{ label: 'Title', value: 'Pumps' }] }], missing: 2 }),
    });
    await renderPage(QrcodePage, '/space-acme/app/qrcode?formId=7&ids=1,2,3,x', api);
    expect(posted[0]?.body).toEqual({ ids: ['1', '2', '3'], fields: ['f1', 'f3'] });
    const card = byTestId('qrcode-card-1')!;
    expect(card.getAttribute('href')).toBe('/space-acme/3/detail/7?id=1');
    expect(card.querySelector('img')?.getAttribute('src')).toBe(svgSource(svg));
    expect(card.querySelector('script')).toBeNull();
    expect(card.textContent).toContain('Pumps');
    expect(byTestId('qrcode-missing')?.textContent).toContain('2 record(s) were left out');
  });

  it('without chosen records labels the latest records of the form, and says so; a form with none says that', async () => {
    const posted: Call[] = [];
    const { api } = fakeApi({
      [`GET ${BASE}`]: form(false),
      [`GET ${BASE}/records`]: { records: [{ id: '9' }, { id: '8' }], nextCursor: null },
      [`POST ${BASE}/qrcodes`]: (call: Call) => (posted.push(call), { codes: [], missing: 0 }),
    });
    await renderPage(QrcodePage, '/space-acme/app/qrcode?formId=7', api);
    expect(posted[0]?.body).toEqual({ ids: ['9', '8'], fields: ['f1', 'f3'] });
    expect(byTestId('qrcode-latest')?.textContent).toContain("latest 2 records");
    cleanup();
    await renderPage(QrcodePage, '/space-acme/app/qrcode?formId=7', fakeApi({ [`GET ${BASE}/records`]: { records: [], nextCursor: null } }).api);
    expect(byTestId('qrcode-nothing')?.textContent).toContain('no records you can see');
  });

  it('reached from the menu without a form, offers the application and form pickers', async () => {
    await renderPage(QrcodePage, '/space-acme/app/qrcode', fakeApi({ 'GET /api/appcenter/systems': { systems: [] } }).api);
    expect(byTestId('form-picker')?.textContent).toContain('Choose the form to print QR labels for');
  });
});

describe('RecycleDataPage', () => {
  it('lists deleted records by title; members restore, only administrators purge', async () => {
    const bin = { records: [deleted('5', 'Pumps')], labels: { users: { '11': 'Ada' } } };
    const member = fakeApi({ [`GET ${BASE}`]: form(false), [`GET ${BASE}/recycle`]: bin, [`POST ${BASE}/recycle/5/restore`]: null });
    await renderPage(RecycleDataPage, '/space-acme/recycleDatas?formId=7', member.api);
    expect(byTestId('recycle-row-5')?.textContent).toBe('Pumps');
    expect(byTestId('recycle-purge-5')).toBeNull();
    await click('recycle-restore-5');
    expect(member.calls.some((c) => c.method === 'POST' && c.path === `${BASE}/recycle/5/restore`)).toBe(true);
    cleanup();

    const admin = fakeApi({ [`GET ${BASE}`]: form(true), [`GET ${BASE}/recycle`]: bin });
    await renderPage(RecycleDataPage, '/space-acme/recycleDatas?formId=7', admin.api);
    expect(byTestId('recycle-purge-5')).not.toBeNull();
  });

  it('shows the server’s words when a restore is refused', async () => {
    const { api } = fakeApi({
      [`GET ${BASE}`]: form(false),
      [`GET ${BASE}/recycle`]: { records: [deleted('5', 'Room A')], labels: {} },
      [`POST ${BASE}/recycle/5/restore`]: () => {
        throw refuse(409, 'common.alreadyOccupied', 'Already occupied, please select again.');
      },
    });
    await renderPage(RecycleDataPage, '/space-acme/recycleDatas?formId=7', api);
    await click('recycle-restore-5');
    expect(byTestId('recycle-error')?.textContent).toContain('Already occupied, please select again.');
  });

  it('asks for a form first when the address names none', async () => {
    const { api } = fakeApi({ 'GET /api/appcenter/systems': { systems: [] } });
    await renderPage(RecycleDataPage, '/space-acme/recycleDatas', api);
    expect(byTestId('form-picker')).not.toBeNull();
  });
});

describe('AppConfigPage', () => {
  const rule = { id: '4', name: 'Sales see all', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'all', condition: null, hiddenFields: ['f2'] };
  const base = (extra: Record<string, unknown> = {}) => ({
    [`GET ${BASE}`]: form(true),
    [`GET ${BASE}/rules`]: { rules: [rule] },
    'GET /api/org/groups': { groups: [] },
    'GET /api/forms/directory': { users: [], departments: [] },
    ...extra,
  });

  it('lists the rules and creates one from the dialog', async () => {
    const posted: Call[] = [];
    const { api } = fakeApi(base({ [`POST ${BASE}/rules`]: (call: Call) => (posted.push(call), { id: '5' }) }));
    await renderPage(AppConfigPage, '/space-acme/app/config?formId=7', api);
    expect(byTestId('rule-row-4')?.textContent).toBe('Sales see all');
    expect(document.body.textContent).toContain('Quantity');
    await click('rule-new');
    await click('rule-save');
    expect(posted).toHaveLength(0); // the name is required
    expect(document.body.textContent).toContain('Rule name cannot be empty.');
    await type(document.querySelector<HTMLInputElement>('[data-testid="rule-name"] input, input[data-testid="rule-name"]')!, 'Own orders');
    await click('rule-save');
    expect(posted[0]?.body).toEqual({ name: 'Own orders', subjectKind: 'role', subject: 'user', levels: ['view'], scope: 'own', hiddenFields: [] });
  });

  it('shows the server’s 422 text in the dialog', async () => {
    const { api } = fakeApi(base({ [`POST ${BASE}/rules`]: () => { throw refuse(422, 'forms.rule.badSubject', 'The rule’s subject is invalid.'); } }));
    await renderPage(AppConfigPage, '/space-acme/app/config?formId=7', api);
    await click('rule-new');
    await type(document.querySelector<HTMLInputElement>('[data-testid="rule-name"] input, input[data-testid="rule-name"]')!, 'X');
    await click('rule-save');
    expect(byTestId('rule-error')?.textContent).toBe('The rule’s subject is invalid.');
  });

  it('condition drafts: numbers are sent as numbers; empty values and no conditions are problems', () => {
    const draft = { logic: 'or' as const, rows: [{ field: 'f2', op: 'gt' as const, value: '5' }, { field: 'f1', op: 'eq' as const, value: ' ' }], kept: [] };
    expect(toGroup(draft, fields)).toEqual({ logic: 'or', items: [{ field: 'f2', op: 'gt', value: 5 }, { field: 'f1', op: 'eq', value: ' ' }] });
    expect([...draftProblems(fields, draft).keys()]).toEqual([1]);
    expect(draftProblems(fields, { logic: 'and', rows: [], kept: [] }).get(null)?.key).toBe('forms.rule.conditionRequired');
  });
});
