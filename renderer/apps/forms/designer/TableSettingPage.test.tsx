import fs from 'node:fs';
import path from 'node:path';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../../shared/forms/fields.ts';
import { matchRoute } from '../../../../shared/routes/match.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { ServicesProvider, type Services } from '../../../shell/services.tsx';
import { TableSettingPage } from './TableSettingPage.tsx';

const I18N = path.resolve(__dirname, '../../../../shared/i18n');
const dictionary = (language: string) =>
  Object.assign({}, ...fs.readdirSync(path.join(I18N, language)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(I18N, language, f), 'utf8')) as object)) as Record<string, string>;

interface Call {
  method: string;
  url: string;
  body?: unknown;
}
let calls: Call[] = [];
let draft: FormDefinition = { fields: [] };
let putAnswer: () => Promise<unknown> = () => Promise.resolve({ data: { id: '5', name: 'Orders', version: 0, highestKey: 3, draftUpdatedAt: '2024-01-02T00:00:00.000Z' } });

const api = {
  get: vi.fn((url: string) => {
    calls.push({ method: 'get', url });
    return Promise.resolve({ data: { form: { id: '5', name: 'Orders', version: 0, highestKey: 3, draftUpdatedAt: '2024-01-01T00:00:00.000Z', draft }, versions: [] } });
  }),
  put: vi.fn((url: string, body: unknown) => {
    calls.push({ method: 'put', url, body });
    return putAnswer();
  }),
  post: vi.fn((url: string) => {
    calls.push({ method: 'post', url });
    return Promise.resolve({ data: { version: 1 } });
  }),
};
const services = { api, bridge: {}, setLanguage: () => undefined, hardNavigate: () => undefined } as unknown as Services;

let root: Root | null = null;
let host: HTMLDivElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

async function open(language: 'en' | 'zh-CN' = 'en') {
  const i18n = createI18n({ language, dictionaries: { en: dictionary('en'), 'zh-CN': dictionary('zh-CN') } });
  const match = matchRoute('/form/app/setting/!/form/9/1/5', { ownSpaceId: 'acme' })!;
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  const tree: ReactNode = <I18nextProvider i18n={i18n}><ServicesProvider services={services}><TableSettingPage match={match} /></ServicesProvider></I18nextProvider>;
  act(() => root!.render(tree));
  await flush();
}

/** React listens to the native input event; the value setter of the prototype bypasses its value tracking. */
function type(input: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  calls = [];
  draft = { fields: [] };
  putAnswer = () => Promise.resolve({ data: { id: '5', name: 'Orders', version: 0, highestKey: 3, draftUpdatedAt: '2024-01-02T00:00:00.000Z' } });
});

describe('TableSettingPage', () => {
  it('shows the empty state, adds fields from the palette with fresh keys, and saves the draft', async () => {
    await open();
    expect($('designer-empty')?.textContent).toContain('No fields yet');
    act(() => $('palette-text')!.click());
    // highestKey 3 was used before (maybe removed since): the new field must not reuse it.
    expect($('canvas-field-f4')).not.toBeNull();
    type($('prop-label') as HTMLInputElement, 'Customer');
    expect($('canvas-field-f4')!.textContent).toContain('Customer');
    expect(($('prop-title') as HTMLButtonElement).disabled).toBe(true);
    act(() => $('prop-required')!.click());
    expect(($('prop-title') as HTMLButtonElement).disabled).toBe(false);
    act(() => $('prop-title')!.click());
    act(() => $('palette-select')!.click());
    type($('prop-options') as HTMLTextAreaElement, 'Small\n\nLarge\n');
    await act(async () => $('designer-save')!.click());
    await flush();
    const put = calls.find((c) => c.method === 'put')!;
    expect(put.url).toBe('/api/forms/forms/5/draft');
    expect(put.body).toEqual({
      draftUpdatedAt: '2024-01-01T00:00:00.000Z',
      definition: {
        fields: [
          { key: 'f4', type: 'text', label: 'Customer', width: 'full', required: true, title: true },
          { key: 'f5', type: 'select', label: 'Drop-down', width: 'full', options: ['Small', 'Large'] },
        ],
      },
    });
  });

  it('checks the definition before saving and shows the problem on the field', async () => {
    draft = { fields: [{ key: 'f1', type: 'radio', label: 'Size', options: ['S'] }] };
    await open();
    act(() => $('canvas-field-f1')!.click());
    type($('prop-options') as HTMLTextAreaElement, '');
    await act(async () => $('designer-save')!.click());
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    expect($('canvas-field-f1')!.textContent).toContain('Size needs 1 to');
  });

  it('shows the server 422 errors under their fields', async () => {
    draft = { fields: [{ key: 'f1', type: 'text', label: 'Name' }] };
    putAnswer = () => Promise.reject(new TransportError({ code: 422, message: 'bad', data: { errors: [{ field: 'f1', key: 'forms.design.typeChanged', params: { field: 'Name', type: 'number' } }] } }));
    await open();
    await act(async () => $('designer-save')!.click());
    await flush();
    expect($('canvas-field-f1')!.textContent).toContain('Name was published as number');
  });

  it('publishes after saving unsaved edits, and previews the draft in a new window', async () => {
    draft = { fields: [{ key: 'f1', type: 'text', label: 'Name' }] };
    await open();
    act(() => $('palette-email')!.click());
    await act(async () => $('designer-publish')!.click());
    await flush();
    expect(calls.filter((c) => c.method !== 'get').map((c) => `${c.method} ${c.url}`)).toEqual(['put /api/forms/forms/5/draft', 'post /api/forms/forms/5/publish']);
    expect(document.body.textContent).toContain('Published as version 1');
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    act(() => $('designer-preview')!.click());
    expect(opened).toHaveBeenCalledWith('/designer-preview/acme/form/9/5/draft', '_blank');
  });

  it('tells the user when someone else saved first and offers a reload', async () => {
    draft = { fields: [{ key: 'f1', type: 'text', label: 'Name' }] };
    putAnswer = () => Promise.reject(new TransportError({ code: 409, message: 'conflict' }));
    await open();
    await act(async () => $('designer-save')!.click());
    await flush();
    expect(document.body.textContent).toContain('Someone else saved this draft');
    const reload = [...document.body.querySelectorAll('button')].find((b) => b.textContent === 'Reload')!;
    const loads = calls.filter((c) => c.method === 'get').length;
    await act(async () => reload.click());
    await flush();
    expect(calls.filter((c) => c.method === 'get').length).toBe(loads + 1);
  });

  it('reads in Chinese by default wording', async () => {
    await open('zh-CN');
    expect($('designer-empty')?.textContent).toContain('还没有字段');
    expect($('palette-relation')?.textContent).toContain('关联数据');
  });
});
