/**
 * The space's web chat switch (spec §2.6 webchatConfig; decision 0037): the contract the chat micro-app reads.
 * Off by default: until an admin turns it on, chat pages and the chat token say the §8 message
 * `WEBCHAT_OFF_MESSAGE` ("qChat is not available, or the web chat function is not enabled…") instead of chatting.
 *
 * - Renderer: `webchat` of GET `/api/org/appearance` (every member of the space may read it; the shell already
 *   holds it in its appearance atom after boot).
 * - Server: `webchatEnabled(trx)` of server/apps/org/appearance-store.ts, inside the caller's request
 *   transaction (row-level security confines it to the request's space).
 * - Admins change it with PUT `/api/org/appearance/webchat` `{ enabled }`.
 */
export interface WebchatSetting {
  enabled: boolean;
}

export const DEFAULT_WEBCHAT: WebchatSetting = { enabled: false };

/** The §8 message shown where chat is asked for while the switch is off (shared/i18n/…/common.json). */
export const WEBCHAT_OFF_MESSAGE = 'common.chatUnavailable';
