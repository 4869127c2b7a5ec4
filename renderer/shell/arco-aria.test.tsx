import { Alert, Select, Spin, Table, Tabs, Tree } from '@arco-design/web-react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { mendArcoAria } from './arco-aria.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const WORDS = { close: '关闭', selectAll: '全选', selectRow: '选择此行' };
let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('Arco components mended for assistive technology', () => {
  it('names the header of Tabs mounted after the watch started, so every tab sits in a tablist', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    await act(async () => createRoot(host).render(<Tabs><Tabs.TabPane key="a" title="A">a</Tabs.TabPane><Tabs.TabPane key="b" title="B">b</Tabs.TabPane></Tabs>));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    expect(tabs.length).toBe(2);
    for (const tab of tabs) expect(tab.closest('[role="tablist"]')).not.toBeNull();
  });

  it('drops aria-controls that name no element (tabs used as a bar of choices without panels)', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    await act(async () => createRoot(host).render(<Tabs activeTab="a"><Tabs.TabPane key="a" title="A" /><Tabs.TabPane key="b" title="B" /></Tabs>));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    expect(tabs.length).toBe(2);
    for (const tab of tabs) {
      const controls = tab.getAttribute('aria-controls');
      if (controls) expect(document.getElementById(controls)).not.toBeNull();
    }
  });

  it('a searchable select keeps no focusable input hidden from assistive technology, and names it', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    await act(async () => createRoot(host).render(<Select showSearch aria-label="Time zone" value="a" options={['a', 'b']} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const input = document.querySelector('input.arco-select-view-input');
    expect(input).not.toBeNull();
    expect(input!.hasAttribute('aria-hidden')).toBe(false);
    expect(input!.getAttribute('aria-label')).toBe('Time zone');
  });

  it('tree items get levels from 1, one more per depth', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    const data = [{ key: 'a', title: 'A', children: [{ key: 'b', title: 'B' }] }];
    await act(async () => createRoot(host).render(<Tree treeData={data} defaultExpandedKeys={['a']} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const levels = [...document.querySelectorAll('[role="treeitem"]')].map((item) => item.getAttribute('aria-level'));
    expect(levels).toEqual(['1', '2']);
  });

  it('names the close button of a closable alert in the user’s words', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body, WORDS);
    await act(async () => createRoot(host).render(<Alert closable content="problem" />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.querySelector('.arco-alert-close-btn')?.getAttribute('aria-label')).toBe('关闭');
  });

  it('names a table’s unnamed selection boxes, and leaves the ones a page named', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body, WORDS);
    const rows = [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }];
    const checkboxProps = (row: { id: string }) => (row.id === 'a' ? { 'aria-label': 'pick A' } : {});
    await act(async () => createRoot(host).render(<Table rowKey="id" data={rows} columns={[{ title: 'Name', dataIndex: 'name' }]} rowSelection={{ type: 'checkbox', checkboxProps }} pagination={false} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const names = [...document.querySelectorAll<HTMLInputElement>('.arco-table input[type="checkbox"]')].map((input) => input.getAttribute('aria-label') ?? input.closest('label')?.getAttribute('aria-label'));
    expect(names).toEqual(['全选', 'pick A', '选择此行']);
  });

  it('gives a named loading indicator the status role, so its name is allowed and read out', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    await act(async () => createRoot(host).render(<><Spin block loading aria-label="加载中" /><Spin loading /></>));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const spins = [...document.querySelectorAll('.arco-spin')];
    expect(spins.map((spin) => spin.getAttribute('role'))).toEqual(['status', null]);
  });

  it('makes inactive tab panes inert, and the active one not', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    stop = mendArcoAria(document.body);
    await act(async () => createRoot(host).render(<Tabs activeTab="a" lazyload={false}><Tabs.TabPane key="a" title="A"><button type="button">a</button></Tabs.TabPane><Tabs.TabPane key="b" title="B"><button type="button">b</button></Tabs.TabPane></Tabs>));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const panes = [...document.querySelectorAll('[role="tabpanel"]')];
    expect(panes.map((pane) => pane.hasAttribute('inert'))).toEqual([false, true]);
  });
});
