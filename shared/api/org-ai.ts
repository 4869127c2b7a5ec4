import { Type } from '@sinclair/typebox';
import { Strict } from './common.ts';

/**
 * Bodies of the AI settings page (aisetting; decision 0047). Shapes and outer bounds only: the values are checked
 * by shared/ai.ts (`aiSettingsProblem`), so a wrong value is a 422 that names the problem in the caller's language.
 */
const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * A number or null. Not `Type.Union([Number, Null])`: with the server's type coercion its first branch would turn a
 * null into 0 (or, the other way round, a 0 into null) before the second branch is tried; a type list is never coerced
 * when the value already has one of its types.
 */
const NumberOrNull = Type.Unsafe<number | null>({ type: ['number', 'null'] });

export const AiSettingsBody = Strict({
  enabled: Type.Boolean(),
  baseUrl: Text(1000),
  model: Text(300),
  apiKey: Type.Optional(Text(1000)),
  timeoutSeconds: Type.Number(),
  monthlyTokenBudget: NumberOrNull,
  roles: Type.Array(Text(20), { maxItems: 10 }),
});

export const AiTestBody = Strict({
  /** Settings being edited (not saved yet); absent → the saved ones. */
  settings: Type.Optional(AiSettingsBody),
});
