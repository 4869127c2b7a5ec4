import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef } from '../../shared/forms/fields.ts';
import type { Platform } from '../../server/platform.ts';
import { expectAccessible, signInPage } from '../support/browser.ts';
import { browserSuite } from '../support/browser-suite.ts';
import { signedIn, type TestClient } from '../support/client.ts';
import { ok, publishedForm } from '../support/forms.ts';
import { amountAbove, insertNode, setApprovers } from '../support/workflow-browser.ts';

const SHOTS = path.resolve('tests/e2e/screenshots');
const suffix = Math.random().toString(36).slice(2, 7);
const SYSTEM = `采购 ${suffix}`;
const APP = `采购申请 ${suffix}`;
// Amount first: a new field condition starts on the first field.
const FIELDS: FieldDef[] = [
  { key: 'f1', type: 'amount', label: '金额', decimals: 2 },
  { key: 'f2', type: 'text', label: '事由', required: true, title: true },
  { key: 'f3', type: 'member', label: '采购员' },
];

let platform: Platform;
let browser: Browser;
const missing = browserSuite((started) => ({ platform, browser } = started));
let page: Page;
let admin: TestClient;
let formId: string;
const people: Record<string, { id: string; name: string }> = {};

beforeAll(async () => {
  if (missing) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  admin = await signedIn(platform.url, 'acme.admin');
  for (const login of ['acme.admin', 'acme.user', 'acme.safe']) {
    const me = await ok((await signedIn(platform.url, login)).get('/api/account/me'));
    people[login] = { id: me.id, name: me.name };
  }
  ({ formId } = await publishedForm(admin, FIELDS, { system: SYSTEM, app: APP, form: '采购单' }));
  page = await signInPage(browser, platform.url, 'acme.admin', { height: 900 });
});

// The shell keeps earlier pages mounted (hidden): only what is shown counts.
const byTestId = (id: string) => page.locator(`[data-testid="${id}"]:visible`);
const flowOf = async () => ok(admin.get(`/api/workflow/forms/${formId}/flow`));

const insert = (edge: string, type: 'approval' | 'cc' | 'condition' | 'parallel') => insertNode(page, edge, type);
const approvers = (logins: string[]) => setApprovers(page, logins.map((login) => people[login]!.name));

describe.skipIf(!!missing)('the process designer in a real browser', () => {
  it('an admin reaches the form designer from the application centre and opens its workflow', async () => {
    await byTestId('menu-item-appcenter.home').click();
    const section = page.locator('[data-testid^="system-section-"]:visible', { hasText: SYSTEM });
    await section.locator('[data-testid^="app-tile-"]', { hasText: APP }).click();
    await byTestId('design-link').click();
    await byTestId('form-designer').waitFor();
    await byTestId('designer-workflow').click();
    await byTestId('flow-designer').waitFor();
    for (const id of ['start', 'n1', 'end']) await byTestId(`flow-node-${id}`).waitFor();
    expect(await byTestId('flow-version').textContent()).toBe('未发布');
  });

  it('builds amount > 1000 → countersign of two members, otherwise one approver, and publishes version 1', async () => {
    await insert('flow-add-main-1', 'condition');
    await byTestId('flow-node-c1').waitFor();
    // The condition branch: 金额 大于 1000.
    await amountAbove(page, 'c1:b1', 1000, '大额');
    await expect.poll(() => byTestId('flow-branch-c1:b1').textContent()).toContain('金额 大于 1000');
    // Its approval: a countersign of two members.
    await insert('flow-add-c1:b1-0', 'approval');
    await byTestId('flow-prop-name').fill('大额会签');
    await approvers(['acme.user', 'acme.safe']);
    await byTestId('flow-tab-how').click();
    await byTestId('flow-mode-countersign').click();
    // Otherwise: a single approver.
    await insert('flow-add-c1:b2-0', 'approval');
    await byTestId('flow-prop-name').fill('主管审批');
    await approvers(['acme.user']);
    // The starter's approval by the superior goes.
    await byTestId('flow-remove-n1').click();
    await page.screenshot({ path: path.join(SHOTS, 'workflow-designer.png') });
    await expectAccessible(page, 'process designer with a condition');

    await byTestId('flow-publish').click();
    await expect.poll(async () => byTestId('flow-version').textContent()).toBe('第 1 版');
    const flow = await flowOf();
    expect(flow.version).toBe(1);
    const [start, condition, end] = flow.draft.nodes;
    expect([start.type, condition.type, end.type, flow.draft.nodes.length]).toEqual(['start', 'condition', 'end', 3]);
    expect(condition.branches.map((b: any) => b.when)).toEqual([{ filter: { logic: 'and', items: [{ field: 'f1', op: 'gt', value: 1000 }] } }, null]);
    expect(condition.branches[0].nodes[0]).toMatchObject({ name: '大额会签', mode: 'countersign', assignees: [{ kind: 'members', ids: [people['acme.user']!.id, people['acme.safe']!.id] }] });
    expect(condition.branches[1].nodes[0]).toMatchObject({ name: '主管审批', mode: 'single', assignees: [{ kind: 'members', ids: [people['acme.user']!.id] }] });
    await byTestId('flow-history').click();
    await byTestId('flow-version-1').waitFor();
    expect(await byTestId('flow-version-1').textContent()).toContain(people['acme.admin']!.name);
    await page.locator('[data-testid="flow-versions"] .arco-drawer-close-icon').click();
    await byTestId('flow-versions').waitFor({ state: 'hidden' });
  });

  it('an approval without assignees shows the problem on the node and is not published', async () => {
    await insert('flow-add-main-2', 'approval');
    await byTestId('flow-assignee-0-remove').click();
    await byTestId('flow-publish').click();
    await byTestId('flow-problems').waitFor();
    expect(await byTestId('flow-problems').textContent()).toContain('“审批人”没有设置处理人。');
    expect(await byTestId('flow-problem-a3').textContent()).toBe('“审批人”没有设置处理人。');
    await expectAccessible(page, 'process designer showing a problem');
    const flow = await flowOf();
    expect([flow.version, flow.versions.length]).toEqual([1, 1]);
    expect(await byTestId('flow-version').textContent()).toBe('第 1 版');
  });
});
