import { useState } from 'react';
import { pagePath, TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';

/**
 * The sign-in's calls, shared by the web's sign-in and the phone's (decision 0064): the password; the second step when
 * the account has one (decision 0056: `ticket` is set and the page shows the code form); an expired password to the
 * one-time page; else `signedIn` (the page's full load to where it returns).
 */
export function useSignIn(signedIn: () => void) {
  const { api, hardNavigate } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);

  async function submit(values: { loginId: string; password: string }) {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ secondStep?: boolean; ticket?: string }>('/api/account/login', values, { json: true, ignoreUnauthorized: true });
      if (answer.data?.secondStep && answer.data.ticket) {
        setTicket(answer.data.ticket);
        setBusy(false);
        return;
      }
      signedIn();
    } catch (failure) {
      // The right password, but older than the space's policy allows: choose a new one on the one-time page.
      const token = failure instanceof TransportError && failure.msg === 'account.passwordExpired' ? (failure.data as { token?: string } | null)?.token : undefined;
      if (token) return hardNavigate(pagePath('', `home/invitation/${encodeURIComponent(token)}`));
      setError((failure as Error).message);
      setBusy(false);
    }
  }

  return { error, busy, ticket, submit, back: () => setTicket(null) };
}
