import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

/**
 * Bodies of the appearance settings (spec §2.6 watermark, themeColor, webchatConfig). Shapes only: the values are
 * checked by shared/org/appearance.ts, so a wrong value is a 422 that names the problem in the caller's language.
 */
const Word = Type.String({ maxLength: 40 });

export const WatermarkBody = Strict({
  enabled: Type.Boolean(),
  scope: Word,
  appIds: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 1000 }),
  content: Type.Array(Word, { maxItems: 10 }),
  density: Word,
  opacity: Word,
  fontSize: Type.Number(),
});

export const ThemeBody = Strict({ skin: Word, membersChoose: Type.Boolean() });

export const WebchatBody = Strict({ enabled: Type.Boolean() });
