import type { PortalDraft } from '../../../shared/portal/model.ts';
import { portalProblems } from '../../../shared/portal/validate.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { insertPortal } from './store.ts';

/**
 * Each demo space's system portal for the web terminal, not its default (decision 0060): the member's messages and
 * work, the latest equipment inspections of the demo form, and quick entries to the app and message centres.
 */
export function demoPortal(demo: { appId: string; formId: string }): PortalDraft {
  return {
    terminal: 'web',
    name: '工作台 Workbench',
    description: '默认门户 The space\'s default portal',
    cover: null,
    roleGroups: [],
    components: [
      { id: 'messages', type: 'messageAlert', name: '消息提醒 Messages', hideName: false, style: 'list', place: { x: 0, y: 0, w: 6, h: 4 }, config: { categories: [], pageSize: 5 } },
      { id: 'work', type: 'myWork', name: '我的工作 My work', hideName: false, style: 'card', place: { x: 6, y: 0, w: 6, h: 4 }, config: { pageSize: 5 } },
      {
        id: 'inspections',
        type: 'appData',
        name: '点检记录 Inspections',
        hideName: false,
        style: 'list',
        place: { x: 0, y: 4, w: 8, h: 5 },
        config: {
          labels: [{ id: 'latest', name: '最新 Latest', appId: demo.appId, formId: demo.formId, titleField: 'f1', contentField: 'f2' }],
          linkedLabel: null,
          pageSize: 5,
          maxItems: 50,
        },
      },
      {
        id: 'entries',
        type: 'quickEntry',
        name: '快捷入口 Shortcuts',
        hideName: false,
        style: 'grid',
        place: { x: 8, y: 4, w: 4, h: 5 },
        config: {
          itemsPerLine: 2,
          items: [
            { id: 'appcenter', name: '应用中心 App centre', iconType: 'colour', icon: '#165dff', link: { type: 'system', target: 'appcenter.home' } },
            { id: 'messagecenter', name: '消息中心 Messages', iconType: 'colour', icon: '#00b42a', link: { type: 'system', target: 'messages.center' } },
          ],
        },
      },
    ],
  };
}

/** Runs in the demo space's seeding transaction, after the forms demo (whose form the data component shows). */
export async function seedPortalDemo(trx: Trx, spaceId: string, adminId: string, demo: { appId: string; formId: string }): Promise<void> {
  const draft = demoPortal(demo);
  const problems = portalProblems(draft);
  if (problems.length) throw new Error(`demo portal breaks its own rules: ${JSON.stringify(problems)}`);
  await insertPortal(trx, spaceId, adminId, draft, { system: true, isDefault: false });
}
