import fs from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FlowDesign } from '../../../../shared/api/workflow-design.ts';
import { starterModel, type FlowModel } from '../../../../shared/workflow/model.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { ServicesProvider, type Services } from '../../../shell/services.tsx';
import type { CanvasActions } from './canvas-nodes.tsx';
import { FlowDesigner } from './FlowDesigner.tsx';
import { layoutModel } from './layout.ts';

// React Flow needs a real layout engine (sizes, ResizeObserver): the browser suite draws it; here a plain list
// stands in, with the same actions, so the designer's own logic is tested in jsdom.
vi.mock('./FlowCanvas.tsx', () => ({
  FlowCanvas: ({ model, actions }: { model: FlowModel; actions: CanvasActions }) => (
    <div>
      {layoutModel(model).nodes.filter((n) => n.kind === 'card').map((n) => (
        <button key={n.id} type="button" data-testid={`node-${n.id}`} onClick={() => actions.select({ kind: 'node', id: n.id })}>
          {actions.summary(n.node!)} {actions.problems.get(n.id)?.join(' ')}
        </button>
      ))}
      {layoutModel(model).edges.filter((e) => e.insert).map((e) => (
        <button key={e.id} type="button" data-testid={`add-${e.insert!.path || 'main'}-${e.insert!.index}`} onClick={() => actions.insert(e.insert!.path, e.insert!.index, 'approval')} />
      ))}
    </div>
  ),
}));

const I18N = path.resolve(__dirname, '../../../../shared/i18n');
const dictionary = (language: string) =>
  Object.assign({}, ...fs.readdirSync(path.join(I18N, language)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(I18N, language, f), 'utf8')) as object)) as Record<string, string>;

const design = (draft: FlowModel = starterModel()): FlowDesign => ({
  formId: '5', formName: 'Orders', formVersion: 1, fields: [{ key: 'f1', type: 'amount', label: 'Amount' }], draft, draftUpdatedAt: null, version: 0, enabled: true, versions: [],
  names: { members: {}, roles: {}, roleGroups: {}, posts: {}, departments: {} },
});
let answer = design();
let calls: Array<{ method: string; url: string; body?: unknown }> = [];
let publishAnswer: () => Promise<unknown> = () => Promise.resolve({ data: { version: 1 } });
const api = {
  get: vi.fn((url: string) => (calls.push({ method: 'get', url }), Promise.resolve({ data: url.includes('role-groups') ? { groups: [] } : answer }))),
  put: vi.fn((url: string, body: unknown) => (calls.push({ method: 'put', url, body }), Promise.resolve({ data: { draftUpdatedAt: '2026-01-01T00:00:00.000Z' } }))),
  post: vi.fn((url: string) => (calls.push({ method: 'post', url }), publishAnswer())),
};
const services = { api, bridge: {}, setLanguage: () => undefined, hardNavigate: () => undefined } as unknown as Services;

let root: Root | null = null;
let host: HTMLDivElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const sent = () => calls.filter((c) => c.method !== 'get').map((c) => `${c.method} ${c.url}`);

async function open() {
  const i18n = createI18n({ language: 'en', dictionaries: { en: dictionary('en'), 'zh-CN': dictionary('zh-CN') } });
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() => root!.render(<I18nextProvider i18n={i18n}><ServicesProvider services={services}><FlowDesigner formId="5" /></ServicesProvider></I18nextProvider>));
  await flush();
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
});
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  calls = [];
  answer = design();
  publishAnswer = () => Promise.resolve({ data: { version: 1 } });
});

describe('FlowDesigner', () => {
  it('saves the never-saved starter flow, then publishes it', async () => {
    await open();
    expect($('flow-version')!.textContent).toBe('Not published');
    await act(async () => $('flow-publish')!.click());
    await flush();
    expect(sent()).toEqual(['put /api/workflow/forms/5/flow/draft', 'post /api/workflow/forms/5/flow/publish']);
    expect(calls.find((c) => c.method === 'put')!.body).toEqual({ model: starterModel(), draftUpdatedAt: null });
  });

  it('shows the problems next to the node and sends nothing while the flow has any', async () => {
    await open();
    act(() => $('add-main-2')!.click()); // a new approval, selected
    act(() => $('flow-assignee-0-remove')!.click());
    await act(async () => $('flow-publish')!.click());
    expect(sent()).toEqual([]);
    expect($('flow-problems')!.textContent).toContain('“Approval” has no assignee.');
    expect($('node-a1')!.textContent).toContain('“Approval” has no assignee.');
    expect($('flow-node-problems')!.textContent).toContain('“Approval” has no assignee.');
  });

  it('shows the server\'s 422 with its whole list of problems', async () => {
    publishAnswer = () => Promise.reject(new TransportError({
      code: 422, message: 'A member (77) named in “n1” is not an active member of this space.',
      data: { problems: [{ node: 'n1', key: 'workflow.design.unknownMember', params: { node: 'n1', id: '77' } }] },
    }));
    await open();
    await act(async () => $('flow-publish')!.click());
    await flush();
    expect($('node-n1')!.textContent).toContain('A member (77) named in “n1” is not an active member of this space.');
    expect($('flow-problems')!.textContent).toContain('A member (77)');
  });

  it('edits the selected node: its name and its mode reach the saved draft', async () => {
    await open();
    act(() => $('node-n1')!.click());
    const name = $('flow-prop-name') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, 'Manager');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => $('flow-save')!.click());
    await flush();
    const body = calls.find((c) => c.method === 'put')!.body as { model: FlowModel };
    expect(body.model.nodes[1]).toMatchObject({ id: 'n1', name: 'Manager' });
  });
});
