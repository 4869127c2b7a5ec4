import { createContext, useContext, type ReactNode } from 'react';
import type { Bridge } from '../../shared/bridge.ts';
import type { Language } from '../../shared/i18n/index.ts';
import type { Transport } from '../kernel/transport.ts';

/** What pages get from the shell besides atoms: the API transport, the host bridge and the language switch. */
export interface Services {
  api: Transport;
  bridge: Bridge;
  setLanguage(language: Language): void;
  /** Full page load (new session data, admin-layout pages). */
  hardNavigate(url: string): void;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
