/**
 * Words of a short free text, as spec §5 counts them ("developer application reason: within 20 words") — decision
 * 0058. Latin (and any other space-separated) text: one word per whitespace-separated token. CJK text is written
 * without spaces, so each Han, kana or Hangul character is one word; a token mixing both counts its CJK characters
 * one by one and each run of other characters between them once ("用Python写" = 3). Punctuation alone is no word.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORDISH = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  let count = 0;
  for (const token of text.trim().split(/\s+/u)) {
    let run = '';
    for (const char of token) {
      if (CJK.test(char)) {
        if (WORDISH.test(run)) count += 1;
        run = '';
        count += 1;
      } else run += char;
    }
    if (WORDISH.test(run)) count += 1;
  }
  return count;
}

export const REASON_MAX_WORDS = 20;
/** Characters, as a bound on storage: 20 long words fit, a pasted essay does not. */
export const REASON_MAX_LENGTH = 400;

/** The dictionary key of what is wrong with an application reason, or null when it is fine. */
export function reasonProblem(reason: string): { key: string; params?: Record<string, number> } | null {
  const words = countWords(reason);
  if (words === 0) return { key: 'account.developer.reasonRequired' };
  if (words > REASON_MAX_WORDS) return { key: 'account.developer.reasonTooLong', params: { max: REASON_MAX_WORDS, words } };
  return null;
}
