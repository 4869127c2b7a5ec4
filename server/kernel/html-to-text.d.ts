/** html-to-text ships no types; only `convert` is used (server/kernel/html-text.ts). */
declare module 'html-to-text' {
  interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export function convert(html: string, options?: { wordwrap?: number | false; selectors?: SelectorDefinition[] }): string;
}
