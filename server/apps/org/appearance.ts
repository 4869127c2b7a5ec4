import { logoVersion } from './logo.ts';
import { NoQuery } from '../../../shared/api/common.ts';
import { ThemeBody, WatermarkBody, WebchatBody } from '../../../shared/api/org-appearance.ts';
import { APPEARANCE_PATH, themeProblem, watermarkProblem, type ThemeSetting, type WatermarkSettings } from '../../../shared/org/appearance.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import type { Apps } from '../../kernel/apps.ts';
import type { Trx } from '../../kernel/db/pool.ts';
import { readAppearance, saveAppearance } from './appearance-store.ts';

/**
 * An app id the watermark names must be an app of this space that is not in the recycle bin, as the application
 * centre answers (`kernel.apps`); row-level security hides other spaces' apps, so their ids are "unknown" here.
 */
async function unknownApp(apps: Apps, trx: Trx, ids: readonly string[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const known = new Set((await apps.live(trx, ids)).map((app) => app.id));
  return ids.find((id) => !known.has(id)) ?? null;
}

/**
 * watermark, themeColor / console/stylesheet and webchatConfig (spec §2.6; decision 0037). Every member of the
 * space reads them (the renderer draws the watermark and picks the skin at boot; the chat app reads the switch);
 * only an admin changes one, each checked by the page's own rules (shared/org/appearance.ts).
 */
export function registerAppearanceRoutes(app: App, kernel: Kernel): void {
  const read = { permission: 'org.structure.read' } as const;
  const manage = { permission: 'org.settings.manage' } as const;

  app.get(APPEARANCE_PATH, { config: { access: read }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const { appearance, logo } = await kernel.transact(req, async (trx) => ({ appearance: await readAppearance(trx), logo: await logoVersion(trx) }));
    // The security reviewer's policy may enforce the watermark: then it is on, everywhere, whatever the admin set.
    const watermark = kernel.policies.get(space.id).watermarkEnforced
      ? ({ ...appearance.watermark, enabled: true, scope: 'all', appIds: [], enforced: true } as typeof appearance.watermark)
      : appearance.watermark;
    return { code: 200, msg: 'ok', data: { ...appearance, watermark, logo: logo ? { version: logo } : null } };
  });

  app.put(`${APPEARANCE_PATH}/watermark`, { config: { access: manage, action: 'org.settings.watermark' }, schema: { querystring: NoQuery, body: WatermarkBody } }, async (req) => {
    const space = currentSpace(req);
    const watermark = { ...req.body, appIds: [...new Set(req.body.appIds.map((id) => id.trim()))] } as WatermarkSettings;
    // Which apps it covers means nothing while the scope is the whole space: not kept, so it cannot surprise later.
    if (watermark.scope === 'all') watermark.appIds = [];
    const problem = watermarkProblem(watermark);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    req.ctx.auditTarget = watermark.enabled ? watermark.scope : 'off';
    const saved = await kernel.transact(req, async (trx) => {
      const missing = await unknownApp(kernel.apps, trx, watermark.appIds);
      if (missing) throw fail.unprocessable('org.watermark.unknownApp', { id: missing });
      return saveAppearance(trx, space.id, {
        watermark_enabled: watermark.enabled,
        watermark_scope: watermark.scope,
        watermark_app_ids: watermark.appIds,
        watermark_content: watermark.content,
        watermark_density: watermark.density,
        watermark_opacity: watermark.opacity,
        watermark_font_size: watermark.fontSize,
      });
    });
    return { code: 200, msg: 'ok', data: saved.watermark };
  });

  app.put(`${APPEARANCE_PATH}/theme`, { config: { access: manage, action: 'org.settings.theme' }, schema: { querystring: NoQuery, body: ThemeBody } }, async (req) => {
    const space = currentSpace(req);
    const theme = req.body as ThemeSetting;
    const problem = themeProblem(theme);
    if (problem) throw fail.unprocessable(problem.key, problem.params);
    req.ctx.auditTarget = theme.skin;
    const saved = await kernel.transact(req, (trx) => saveAppearance(trx, space.id, { skin: theme.skin, members_choose_skin: theme.membersChoose }));
    return { code: 200, msg: 'ok', data: saved.theme };
  });

  app.put(`${APPEARANCE_PATH}/webchat`, { config: { access: manage, action: 'org.settings.webchat' }, schema: { querystring: NoQuery, body: WebchatBody } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = req.body.enabled ? 'on' : 'off';
    const saved = await kernel.transact(req, (trx) => saveAppearance(trx, space.id, { webchat_enabled: req.body.enabled }));
    return { code: 200, msg: 'ok', data: saved.webchat };
  });
}
