import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

/**
 * Body of PUT /api/org/data-sharing (spec §2.6 shareData, decision 0046). Shapes only: the values (modes, role
 * names, role ids) are checked by shared/org/data-sharing.ts, so a wrong value is a 422 in the caller's language.
 * All four actions are sent every time: the page saves the policy as a whole.
 */
const Word = Type.String({ maxLength: 40 });
const Rule = Strict({
  mode: Word,
  platformRoles: Type.Array(Word, { maxItems: 10 }),
  enterpriseRoles: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 1000 }),
});

export const SharingBody = Strict({ export: Rule, print: Rule, download: Rule, share: Rule });
