/** @arco-design/color ships no types; this is the one function the skins use. */
declare module '@arco-design/color' {
  export function generate(color: string, options: { list: true; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' }): string[];
  export function generate(color: string, options?: { index?: number; dark?: boolean; format?: 'hex' | 'rgb' | 'hsl' }): string;
}
