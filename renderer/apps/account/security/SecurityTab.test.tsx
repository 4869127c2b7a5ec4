import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSecurityView, SessionView } from '../../../../shared/api/account-security.ts';
import dictionary from '../../../../shared/i18n/en/account-security.json' with { type: 'json' };
import { createI18n } from '../../../kernel/i18n.ts';
import type { Transport } from '../../../kernel/transport.ts';
import { ServicesProvider, type Services } from '../../../shell/services.tsx';
import { SecurityTab } from './SecurityTab.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const sessions: SessionView[] = [
  { id: 'aaaaaaaaaaaaaaaa', userAgent: 'Desk/1', ip: '10.0.0.1', createdAt: '2026-11-01T08:00:00Z', lastSeenAt: '2026-11-02T08:00:00Z', current: true },
  { id: 'bbbbbbbbbbbbbbbb', userAgent: 'Phone/2', ip: '10.0.0.2', createdAt: '2026-11-01T09:00:00Z', lastSeenAt: '2026-11-02T09:00:00Z', current: false },
];

async function mount(view: AccountSecurityView) {
  const calls: string[] = [];
  const api = {
    get: async (path: string) => {
      calls.push(`GET ${path}`);
      return { code: 200, msg: 'ok', params: {}, data: path.endsWith('/sessions') ? { sessions } : view };
    },
    delete: async (path: string) => {
      calls.push(`DELETE ${path}`);
      return { code: 200, msg: 'accountSecurity.sessionEnded', params: {}, data: null };
    },
    post: async (path: string) => {
      calls.push(`POST ${path}`);
      return { code: 200, msg: 'ok', params: {}, data: null };
    },
  } as unknown as Transport;
  const services = { api, bridge: {}, setLanguage() {}, hardNavigate() {} } as unknown as Services;
  const i18n = createI18n({ language: 'en', dictionaries: { en: dictionary } as never });
  await act(async () => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
    root.render(
      <MemoryRouter>
        <I18nextProvider i18n={i18n}>
          <ServicesProvider services={services}>
            <SecurityTab />
          </ServicesProvider>
        </I18nextProvider>
      </MemoryRouter>,
    );
  });
  return calls;
}

const $ = (testid: string) => document.querySelector(`[data-testid="${testid}"]`) as HTMLElement | null;

describe('SecurityTab', () => {
  it('shows the level with what would raise it, the bound addresses, and two-step off with its set-up button', async () => {
    await mount({ level: 'low', advice: ['bindEmail', 'twoStep'], passwordChangedAt: '2026-11-01T00:00:00Z', email: null, phone: '138****8000', twoStep: { enabled: false, recoveryCodesLeft: 0 } });
    expect($('security-level')!.textContent).toBe('Low');
    expect($('security-advice')!.textContent).toContain('Bind an e-mail address.');
    expect($('security-advice')!.textContent).toContain('Turn on two-step verification.');
    expect($('security-email')!.textContent).toBe('Not bound');
    expect($('security-phone')!.textContent).toBe('138****8000');
    expect($('security-bind-phone')!.textContent).toBe('Change');
    expect($('security-two-step-state')!.textContent).toBe('Off');
    expect($('security-two-step-setup')).not.toBeNull();
  });

  it('lists the sessions with the current one marked and signs out another', async () => {
    const calls = await mount({ level: 'high', advice: [], passwordChangedAt: '2026-11-01T00:00:00Z', email: 'li***@example.com', phone: null, twoStep: { enabled: true, recoveryCodesLeft: 9 } });
    expect($('security-two-step-close')).not.toBeNull();
    expect(document.body.textContent).toContain('Recovery codes left: 9');
    expect(document.querySelectorAll('[data-testid="session-current"]')).toHaveLength(1);
    const buttons = document.querySelectorAll<HTMLButtonElement>('[data-testid="session-sign-out"]');
    expect(buttons).toHaveLength(1);
    await act(async () => buttons[0]!.click());
    expect(calls).toContain('DELETE /api/account/security/sessions/bbbbbbbbbbbbbbbb');
  });
});
