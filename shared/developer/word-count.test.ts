import { describe, expect, it } from 'vitest';
import { REASON_MAX_WORDS, countWords, reasonProblem } from './word-count.ts';

describe('countWords (decision 0058)', () => {
  it('counts whitespace-separated tokens in Latin text', () => {
    expect(countWords('Sync our MES with the records API')).toBe(7);
    expect(countWords('  spaced\tout\n words  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
  });

  it('counts each CJK character as a word, and mixed runs once each', () => {
    expect(countWords('对接生产系统')).toBe(6);
    expect(countWords('用Python写接口')).toBe(5);
    expect(countWords('データ連携')).toBe(5);
  });

  it('does not count punctuation alone', () => {
    expect(countWords('hello , world !')).toBe(2);
    expect(countWords('对接。')).toBe(2);
  });

  it('accepts 1 to 20 words and refuses none or 21', () => {
    expect(reasonProblem('Integrate')).toBeNull();
    expect(reasonProblem(Array(REASON_MAX_WORDS).fill('w').join(' '))).toBeNull();
    expect(reasonProblem(Array(REASON_MAX_WORDS + 1).fill('w').join(' '))).toEqual({ key: 'account.developer.reasonTooLong', params: { max: 20, words: 21 } });
    expect(reasonProblem('字'.repeat(21))?.key).toBe('account.developer.reasonTooLong');
    expect(reasonProblem(' ')?.key).toBe('account.developer.reasonRequired');
  });
});
