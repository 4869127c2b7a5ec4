import { DEFAULT_WEBCHAT } from '../../shared/org/webchat.ts';
import type { Trx } from './db/pool.ts';

/** Answers, inside the caller's space transaction, whether the space's web chat switch is on. */
export type WebchatReader = (trx: Trx) => Promise<boolean>;

/**
 * The space's web chat switch (webchatConfig, decision 0036) as the chat app asks it. The app keeping the setting
 * (org) provides the reader when it starts, so the chat app never imports that app and the kernel knows neither.
 * Read from the database each time, in the request's transaction: a change applies at once in every process.
 */
export class WebchatSwitch {
  private reader: WebchatReader | null = null;

  provide(reader: WebchatReader): void {
    this.reader = reader;
  }

  /** Without a reader (no app keeps the setting) chat is off: the switch's documented default. */
  enabled(trx: Trx): Promise<boolean> {
    return this.reader ? this.reader(trx) : Promise.resolve(DEFAULT_WEBCHAT.enabled);
  }
}
