import xss from 'xss';

/**
 * Rich text as the forms app stores it, in records and in a form's rich-text default values alike (a default becomes
 * a record's value): formatting tags kept; scripts, event handlers and javascript: links gone.
 */
export const richText = (html: string): string => xss(html, { stripIgnoreTagBody: ['script', 'style'] });
