import { createStore, Provider } from 'jotai';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import common from '../../../../../shared/i18n/en/common.json' with { type: 'json' };
import views from '../../../../../shared/i18n/en/forms-views.json' with { type: 'json' };
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import { createI18n } from '../../../../kernel/i18n.ts';
import { TransportError, type Transport } from '../../../../kernel/transport.ts';
import { ServicesProvider, type Services } from '../../../../shell/services.tsx';
import { RecordDrawer } from './RecordDrawer.tsx';
import { ViewDialog } from './ViewDialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Arco's responsive grid asks for media queries, which jsdom does not implement.
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const fields: FieldDef[] = [
  { key: 'f1', type: 'text', label: 'Customer', required: true },
  { key: 'f2', type: 'serial', label: 'Order no.', numbering: { prefix: 'PO', datePart: 'none', digits: 5 } },
];

async function mount(element: ReactElement, post: (path: string, body: unknown) => unknown) {
  const posts: Array<{ path: string; body: unknown }> = [];
  const api = {
    get: async () => ({ code: 200, msg: 'ok', params: {}, data: { users: [], departments: [] } }),
    post: async (path: string, body: unknown) => {
      posts.push({ path, body });
      return { code: 200, msg: 'ok', params: {}, data: await post(path, body) };
    },
  } as unknown as Transport;
  const services = { api, bridge: {}, setLanguage() {}, hardNavigate() {} } as unknown as Services;
  const i18n = createI18n({ language: 'en', dictionaries: { en: { ...common, ...views } } as never });
  await act(async () => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
    root.render(
      <Provider store={createStore()}>
        <I18nextProvider i18n={i18n}>
          <ServicesProvider services={services}>{element}</ServicesProvider>
        </I18nextProvider>
      </Provider>,
    );
  });
  return posts;
}

const $ = (testid: string) => document.querySelector(`[data-testid="${testid}"]`) as HTMLElement | null;
async function type(testid: string, text: string) {
  const input = $(testid) as HTMLInputElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const click = (testid: string) => act(async () => $(testid)!.click());
const settle = async () => {
  for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
};

describe('ViewDialog', () => {
  it('refuses a page size over three digits (§5), then posts the cleaned config; a 422 shows the server text', async () => {
    const posts = await mount(
      <ViewDialog formId="11" fields={fields} canShare={false} start={{ kind: 'list', config: {} }} onClose={() => {}} onSaved={() => {}} />,
      () => {
        throw new TransportError({ code: 422, message: 'The view configuration is invalid: columns: f9' });
      },
    );
    await type('view-name', 'Mine');
    await type('config-page-size', '1000');
    await click('view-save');
    expect($('view-problems')?.textContent).toContain('at most three digits');
    expect(posts).toEqual([]);

    await type('config-page-size', '50');
    await click('view-save');
    await settle();
    expect(posts[0]).toEqual({ path: '/api/forms/forms/11/views', body: { name: 'Mine', kind: 'list', shared: false, config: { pageSize: 50 } } });
    expect($('view-problems')?.textContent).toBe('The view configuration is invalid: columns: f9');
  });
});

describe('RecordDrawer', () => {
  it('checks required fields before posting', async () => {
    const posts = await mount(<RecordDrawer formId="11" formName="Orders" fields={fields} prefill={{}} onClose={() => {}} onCreated={() => {}} />, () => ({}));
    await click('record-submit');
    expect(posts).toEqual([]);
    expect($('record-notice')?.textContent).toContain('1 fields need attention');
  });

  it('on "number repeated" shows the message and puts the suggested number in the serial field', async () => {
    const posts = await mount(<RecordDrawer formId="11" formName="Orders" fields={fields} prefill={{ f1: 'ACME' }} onClose={() => {}} onCreated={() => {}} />, () => {
      throw new TransportError({ code: 409, msg: 'common.numberRepeated', message: 'The number has been repeated.', data: { suggested: 'PO00042' } });
    });
    await click('record-submit');
    await settle();
    expect(posts[0]).toEqual({ path: '/api/forms/forms/11/records', body: { values: { f1: 'ACME' } } });
    expect($('record-notice')?.textContent).toBe('The number has been repeated.');
    expect(($('record-field-f2')?.querySelector('input') as HTMLInputElement).value).toBe('PO00042');
  });
});
