import type { MicroAppId } from '../apps.ts';

/**
 * The one way an app tells people something. An app calls `kernel.notices.send(trx, spaceId, notice)`
 * inside its own transaction: a rolled-back transaction sends nothing; a committed one is delivered exactly once per
 * recipient and channel (an outbox in the database, drained by a worker). Recipients are resolved by the
 * organisation app; the wording is dictionary keys rendered in each reader's language when read or sent.
 */
export const MESSAGE_CATEGORIES = ['todo', 'approvalResult', 'cc', 'urge', 'mention', 'notice', 'system', 'deviceAlarm', 'chatNotice'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** `inApp` is the message centre and the socket; `desktop` the desktop tray notification; then e-mail and SMS. */
export const MESSAGE_CHANNELS = ['inApp', 'desktop', 'email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Until the administrator says otherwise: the centre and the desktop tray on, e-mail and SMS off (they cost). Shared
 * so the admin's push settings draw the defaults the server applies where the space has stored none.
 */
export const BUILT_IN_CHANNELS: Readonly<Record<MessageChannel, boolean>> = { inApp: true, desktop: true, email: false, sms: false };

/** A to-do must be seen: it cannot leave the message centre, whatever anyone chooses. */
export const alwaysOn = (category: string, channel: string) => category === 'todo' && channel === 'inApp';

export const MESSAGE_PRIORITIES = ['low', 'normal', 'high'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** Who receives it: ids of the space's members, departments (with sub-departments), roles, role groups, user groups. */
export interface NoticeRecipients {
  members?: string[];
  departments?: string[];
  roles?: string[];
  roleGroups?: string[];
  userGroups?: string[];
}

/** A dictionary key and its `<% %>` values, rendered in the reader's language. */
export interface Wording {
  key: string;
  params?: Record<string, string | number>;
}

export interface Notice {
  recipients: NoticeRecipients;
  category: MessageCategory;
  sourceApp: MicroAppId;
  /** What the notice is about, as the source app names it (e.g. a record id); shown as a link back. */
  sourceRecord?: string | null;
  title: Wording;
  body?: Wording | null;
  /**
   * A page of the route table (`routeId` + its path params) the message opens; checked against the table. `query`
   * adds what the page reads from its query (e.g. which chat qChat opens): a few short, plain values.
   */
  link?: { routeId: string; params?: Record<string, string>; query?: Record<string, string> } | null;
  priority?: MessagePriority;
}

/** What the kernel hands to the app that delivers notices (the messages app registers it at start). */
export interface NoticeResult {
  /** Members the notice was addressed to after resolving groups and de-duplicating. */
  recipients: number;
}
