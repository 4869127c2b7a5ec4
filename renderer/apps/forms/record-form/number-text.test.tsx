import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../../../shared/forms/fields.ts';
import { createI18n } from '../../../kernel/i18n.ts';
import { ServicesProvider, type Services } from '../../../shell/services.tsx';
import { dictionary } from '../../../testing/page-kit.tsx';
import { CellValue } from '../views/components/CellValue.tsx';
import { ReadOnlyValue } from './ReadOnlyValue.tsx';

const services = { api: { get: () => new Promise(() => undefined) }, bridge: {}, setLanguage: () => undefined, hardNavigate: () => undefined } as unknown as Services;

function text(node: ReactNode): string {
  const i18n = createI18n({ language: 'en', dictionaries: { en: dictionary('en') } });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>{node}</ServicesProvider>
    </I18nextProvider>,
  );
  return html.replace(/<[^>]+>/g, '');
}

// A past defect: a value shown as 121 in the list was 121.0 in the detail.
describe('a number reads the same in the list and the detail', () => {
  const cases: Array<[FieldDef, number, string]> = [
    [{ key: 'f1', type: 'number', label: 'Qty', decimals: 1 }, 121, '121.0'],
    [{ key: 'f2', type: 'amount', label: 'Price', decimals: 2 }, 1234.5, '¥1,234.50'],
    [{ key: 'f3', type: 'number', label: 'Ratio' }, 0.125, '0.125'],
  ];
  for (const [field, value, shown] of cases) {
    it(`${field.label} ${value} → ${shown}`, () => {
      expect(text(<CellValue field={field} column={field.key} value={value} labels={{}} spaceUri="/space-acme" />)).toBe(shown);
      expect(text(<ReadOnlyValue field={field} value={value} labels={{}} />)).toBe(shown);
    });
  }
});
