import { convert } from 'html-to-text';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/**
 * Rich text as the text a person reads in it: paragraphs and breaks as lines, entities as their characters
 * (`A &amp; B` → `A & B`, `&nbsp;` → a space), links as their text, images left out, nothing uppercased or
 * wrapped. For places that hold plain text only, such as a spreadsheet cell. html-to-text (a well-kept parser, on
 * htmlparser2) rather than stripping tags by pattern, which keeps entities and runs paragraphs together.
 */
export function readableText(html: string): string {
  const text = convert(html, {
    wordwrap: false,
    selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }, { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } }, ...HEADINGS],
  });
  return text.replace(/\u00a0/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
}
