import { describe, expect, it } from 'vitest';
import { readableText } from './html-text.ts';

describe('rich text as the text a person reads', () => {
  it('gives entities as their characters, never as markup', () => {
    expect(readableText('<p>A &amp; B&nbsp;&lt;C&gt; &quot;q&quot; &#x4E2D;&#25991;</p>')).toBe('A & B <C> "q" 中文');
  });

  it('keeps paragraphs and breaks as lines, links as their text, and leaves images out', () => {
    expect(readableText('<h2>Title</h2><p>first<br>second</p><p><a href="https://x.example">link</a><img src="a.png"></p>')).toBe('Title\n\nfirst\nsecond\n\nlink');
  });

  it('keeps text without markup as it is', () => {
    expect(readableText('plain 文本')).toBe('plain 文本');
  });
});
