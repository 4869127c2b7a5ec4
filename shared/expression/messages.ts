import type { MessageParams } from '../i18n/index.ts';
import type { ExpressionError } from './types.ts';

/** Parameters that hold type words (`number`, `text`…), shown in the reader's language through `expression.type.*`. */
const TYPE_PARAMS = new Set(['left', 'right', 'type', 'expected', 'actual', 'types']);

export const TYPE_WORDS = ['text', 'number', 'boolean', 'date', 'duration', 'list', 'object', 'empty', 'any', 'other'] as const;

/**
 * The message of an expression error in one language: `t` is the server's `i18n.t` bound to a language, or the
 * renderer's translate. Type words are translated before they are put into the message, so the Chinese message
 * says 数字 and not "number".
 */
export function describeExpressionError(error: ExpressionError, t: (key: string, params?: MessageParams) => string): string {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(error.params)) {
    if (name === 'kind' && typeof value === 'string') params[name] = t(`expression.kind.${value}`);
    else params[name] = TYPE_PARAMS.has(name) && typeof value === 'string' ? translateTypes(value, t) : value;
  }
  return t(error.key, params);
}

function translateTypes(words: string, t: (key: string, params?: MessageParams) => string): string {
  if (words === '') return t('expression.type.none');
  return words
    .split(', ')
    .map((word) => ((TYPE_WORDS as readonly string[]).includes(word) ? t(`expression.type.${word}`) : word))
    .join(t('expression.type.separator'));
}
