import { Type } from '@sinclair/typebox';
import { NoQuery, Strict } from '../../../shared/api/common.ts';
import { LANGUAGES, placeholdersOf, type Language } from '../../../shared/i18n/index.ts';
import { fail } from '../../kernel/errors.ts';
import { currentSpace } from '../../kernel/http/context.ts';
import type { App } from '../../kernel/http/server.ts';
import type { Kernel } from '../../kernel/kernel.ts';

const EntryParams = Strict({ language: Type.Union(LANGUAGES.map((l) => Type.Literal(l))), key: Type.String({ minLength: 1, maxLength: 200 }) });
const EntryBody = Strict({ text: Type.String({ maxLength: 4000 }) });

/**
 * languagesetting / applanguagesetting (spec §2.6): the space's own wording. Any platform string may be overridden
 * for this space in either language; the override must keep the platform text's placeholders (a message that
 * dropped `<%name%>` would lose information, one that invented a placeholder would show it raw). Stored and served by
 * the kernel (`SpaceDictionaries`), so every client of the space gets the new words with a new dictionary version.
 */
export function registerLanguageRoutes(app: App, kernel: Kernel): void {
  const manage = { permission: 'org.language.manage' } as const;

  app.get('/api/org/dictionary', { config: { access: manage }, schema: { querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    const overrides = await kernel.dictionaries.overrides(space.id);
    const base = kernel.i18n.dictionaries;
    const entries = Object.keys(base['zh-CN'])
      .sort()
      .map((key) => ({ key, base: { 'zh-CN': base['zh-CN'][key] ?? '', en: base.en[key] ?? '' }, override: { 'zh-CN': overrides['zh-CN'][key] ?? null, en: overrides.en[key] ?? null } }));
    return { code: 200, msg: 'ok', data: { version: await kernel.dictionaries.version(space.id), entries } };
  });

  app.put('/api/org/dictionary/:language/:key', { config: { access: manage, action: 'org.language.set' }, schema: { params: EntryParams, querystring: NoQuery, body: EntryBody } }, async (req) => {
    const space = currentSpace(req);
    const language = req.params.language as Language;
    const { key } = req.params;
    req.ctx.auditTarget = `${language}:${key}`;
    const original = kernel.i18n.dictionaries[language][key];
    if (original === undefined) throw fail.unprocessable('org.language.unknownKey', { key });
    const text = req.body.text.trim();
    if (!text) throw fail.unprocessable('org.language.empty.text');
    if (text.length > 2000) throw fail.unprocessable('validation.tooLong', { field: 'org.language.text', limit: 2000 });
    const wanted = placeholdersOf(original);
    if (placeholdersOf(text).join() !== wanted.join()) throw fail.unprocessable('org.language.placeholders', { placeholders: wanted.map((p) => `<%${p}%>`).join(' ') || '—' });
    await kernel.transact(req, async (trx) => {
      await kernel.dictionaries.save(trx, space.id, language, key, text);
      req.ctx.afterCommit.push(() => kernel.dictionaries.forget(space.id));
    });
    return { code: 200, msg: 'ok', data: { key, language, text, version: await kernel.dictionaries.version(space.id) } };
  });

  app.delete('/api/org/dictionary/:language/:key', { config: { access: manage, action: 'org.language.reset' }, schema: { params: EntryParams, querystring: NoQuery } }, async (req) => {
    const space = currentSpace(req);
    req.ctx.auditTarget = `${req.params.language}:${req.params.key}`;
    await kernel.transact(req, async (trx) => {
      await kernel.dictionaries.save(trx, space.id, req.params.language as Language, req.params.key, null);
      req.ctx.afterCommit.push(() => kernel.dictionaries.forget(space.id));
    });
    return { code: 200, msg: 'ok', data: { version: await kernel.dictionaries.version(space.id) } };
  });
}
