import fs from 'node:fs';
import path from 'node:path';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_TYPES, type FieldDef } from '../../../../shared/forms/fields.ts';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { ServicesProvider, type Services } from '../../../shell/services.tsx';
import { RecordForm } from './RecordForm.tsx';
import { sanitizeHtml } from './sanitize.ts';
import { useRecordValidation } from './validation.ts';

const I18N = path.resolve(__dirname, '../../../../shared/i18n');
const dictionary = (language: string) =>
  Object.assign({}, ...fs.readdirSync(path.join(I18N, language)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(I18N, language, f), 'utf8')) as object)) as Record<string, string>;

const directory = { users: [{ id: '11', name: 'Ada Lovelace' }], departments: [{ id: '21', name: 'Sales', parentId: null }] };
const calls: string[] = [];
const api = {
  get: vi.fn((url: string) => {
    calls.push(url);
    return Promise.resolve({ code: 200, msg: '', params: {}, data: url === '/api/forms/directory' ? directory : { records: [] } });
  }),
};
const services = { api, bridge: {}, setLanguage: () => undefined, hardNavigate: () => undefined } as unknown as Services;

/** One field of every type, labelled by its type so assertions can find it. */
const everyType: FieldDef[] = FIELD_TYPES.map((type, i) => ({
  key: `f${i + 1}`,
  type,
  label: `L-${type}`,
  ...(type === 'select' || type === 'multiselect' || type === 'radio' || type === 'checkbox' ? { options: ['Red', 'Blue'] } : {}),
  ...(type === 'subtable' ? { columns: [{ key: 'f100', type: 'text' as const, label: 'Item', required: true }, { key: 'f101', type: 'number' as const, label: 'Qty' }] } : {}),
  ...(type === 'relation' ? { relation: { formId: '7' } } : {}),
  ...(type === 'amount' ? { decimals: 2 } : {}),
  width: i % 3 === 0 ? 'half' : 'full',
  section: i < 10 ? 'Basics' : 'More',
}));

let root: Root | null = null;
let host: HTMLDivElement;

function render(node: ReactNode, language: 'en' | 'zh-CN' = 'en') {
  const i18n = createI18n({ language, dictionaries: { en: dictionary('en'), 'zh-CN': dictionary('zh-CN') } });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(<I18nextProvider i18n={i18n}><ServicesProvider services={services}>{node}</ServicesProvider></I18nextProvider>));
}

function Harness({ fields, initial = {}, readOnly = false }: { fields: FieldDef[]; initial?: Record<string, unknown>; readOnly?: boolean }) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const validate = useRecordValidation(fields);
  return (
    <>
      <RecordForm fields={fields} values={values} onChange={setValues} errors={errors} readOnly={readOnly} labels={{ users: { '11': 'Ada Lovelace' } }} />
      <button data-testid="check" onClick={() => setErrors(validate(values))}>check</button>
    </>
  );
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Arco's responsive grid asks for media queries, which jsdom does not implement.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  calls.length = 0;
});

describe('RecordForm', () => {
  it('renders an input for every field type, in sections, and loads the directory once', async () => {
    render(<Harness fields={everyType} />);
    await act(async () => undefined);
    for (const field of everyType) {
      const cell = host.querySelector(`[data-testid="record-field-${field.key}"]`);
      expect(cell, field.type).not.toBeNull();
      expect(cell!.textContent, field.type).toContain(`L-${field.type}`);
    }
    expect(host.textContent).toContain('Basics');
    expect(host.textContent).toContain('More');
    expect(host.querySelector('[data-testid="record-field-f4"] .arco-input-number-prefix')?.textContent).toBe('¥');
    expect(host.querySelector('[data-testid="record-field-f15"] [contenteditable="true"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="record-field-f21"]')!.textContent).toContain('Generated on save');
    expect(host.querySelector('[data-testid="record-field-f1"]')!.className).toContain('arco-col-12');
    expect(calls.filter((c) => c === '/api/forms/directory')).toHaveLength(1);
  });

  it('shows the §5 messages under the fields after validation: required, email, sub-table cells', async () => {
    const fields: FieldDef[] = [
      { key: 'f1', type: 'text', label: 'Name', required: true },
      { key: 'f2', type: 'email', label: 'Email' },
      { key: 'f3', type: 'subtable', label: 'Lines', columns: [{ key: 'f4', type: 'text', label: 'Item', required: true }] },
    ];
    render(<Harness fields={fields} initial={{ f2: 'not-an-email', f3: [{}] }} />);
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="check"]')!.click());
    expect(host.querySelector('[data-testid="record-field-f1"]')!.textContent).toContain('Name cannot be empty.');
    expect(host.querySelector('[data-testid="record-field-f2"]')!.textContent).toContain('Incorrect email format.');
    expect(host.querySelector('[data-testid="cell-f3.0.f4"]')!.textContent).toContain('Item cannot be empty.');
  });

  it('speaks Chinese by default wording', () => {
    render(<Harness fields={[{ key: 'f1', type: 'email', label: '邮箱', required: true }]} initial={{ f1: 'x' }} />, 'zh-CN');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="check"]')!.click());
    expect(host.textContent).toContain('邮箱格式不正确');
  });

  it('read-only mode shows values, names for ids and sanitised rich text', async () => {
    const fields: FieldDef[] = [
      { key: 'f1', type: 'member', label: 'Owner' },
      { key: 'f2', type: 'richtext', label: 'Notes' },
      { key: 'f3', type: 'amount', label: 'Price', decimals: 2 },
    ];
    render(<Harness readOnly fields={fields} initial={{ f1: '11', f2: '<b>bold</b><img src=x onerror="alert(1)"><script>bad()</script>', f3: 1234.5 }} />);
    await act(async () => undefined); // the directory answer
    expect(host.textContent).toContain('Ada Lovelace');
    expect(host.querySelector('[data-testid="record-field-f2"] b')?.textContent).toBe('bold');
    expect(host.innerHTML).not.toContain('onerror');
    expect(host.innerHTML).not.toContain('bad()');
    expect(host.textContent).toContain('¥1,234.50');
    expect(host.querySelector('input')).toBeNull();
  });

  it('sanitizeHtml keeps formatting and drops scripts, handlers and javascript: links', () => {
    expect(sanitizeHtml('<p onclick="x()">a<i>b</i></p><a href="javascript:alert(1)">c</a><iframe src="y"></iframe>')).toBe('<p>a<i>b</i></p><a target="_blank" rel="noopener noreferrer">c</a>');
  });
});
