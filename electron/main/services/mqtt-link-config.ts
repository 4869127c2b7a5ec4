/**
 * MQTT device link settings: what the user may configure (broker URL, credentials, TLS, topics) and the topic
 * filter rules of MQTT 3.1.1 §4.7. The settings arrive from the renderer over IPC, so everything is checked here.
 */

export interface LinkTls {
  /** PEM text. */
  ca?: string;
  cert?: string;
  key?: string;
  rejectUnauthorized?: boolean;
}

export interface LinkConfig {
  id: string;
  name: string;
  url: string;
  username?: string;
  password?: string;
  tls?: LinkTls;
  /** Topic filters to subscribe to (wildcards allowed). */
  topics: string[];
  /** Filters of the values forwarded to the server; each lies inside a subscribed filter. */
  relayTopics: string[];
}

/** A rejected setting: `key` is an i18n key of `shared/i18n/<lang>/iot.json`, `params` fill its markers. */
export class LinkConfigError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'LinkConfigError';
  }
}

const FIELDS = ['id', 'name', 'url', 'username', 'password', 'tls', 'topics', 'relayTopics'];
const TLS_FIELDS = ['ca', 'cert', 'key', 'rejectUnauthorized'];
const SCHEMES = ['mqtt:', 'mqtts:', 'ws:', 'wss:'];
const SECURE_SCHEMES = ['mqtts:', 'wss:'];
export const TOPIC_MAX = 256;
const MAX_FILTERS = 100;
const PEM_MAX = 64 * 1024;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a topic filter is malformed (`#` only as the whole last level, `+` only as a whole level), or null. */
export function topicFilterProblem(filter: string): string | null {
  if (filter.length === 0 || filter.length > TOPIC_MAX) return 'iot.link.topicLength';
  if (filter.includes('\u0000')) return 'iot.link.topicInvalid';
  const levels = filter.split('/');
  for (const [index, level] of levels.entries()) {
    if (level.includes('#') && (level !== '#' || index !== levels.length - 1)) return 'iot.link.topicHashLast';
    if (level.includes('+') && level !== '+') return 'iot.link.topicPlusLevel';
  }
  return null;
}

/** Whether a concrete topic matches a filter; wildcards in the first level never match `$SYS`-style topics. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  if (topic.startsWith('$') && (f[0] === '+' || f[0] === '#')) return false;
  for (const [index, level] of f.entries()) {
    if (level === '#') return true; // `a/#` also matches `a` itself
    if (index >= t.length) return false;
    if (level !== '+' && level !== t[index]) return false;
  }
  return f.length === t.length;
}

/** Whether every topic matching `inner` also matches `outer`. */
export function filterCovers(outer: string, inner: string): boolean {
  const o = outer.split('/');
  const n = inner.split('/');
  if ((o[0] === '+' || o[0] === '#') && n[0]?.startsWith('$')) return false;
  for (const [index, level] of o.entries()) {
    if (level === '#') return true;
    const other = n[index];
    if (other === undefined || other === '#') return false;
    if (level !== '+' && level !== other) return false;
  }
  return n.length === o.length;
}

function text(input: Record<string, unknown>, field: string, max: number, required: boolean): string | undefined {
  const value = input[field];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || (required && value.trim() === '') || value.length > max) {
    throw new LinkConfigError('iot.link.badField', { field, max });
  }
  return value;
}

function filters(input: Record<string, unknown>, field: 'topics' | 'relayTopics'): string[] {
  const value = input[field] ?? (field === 'relayTopics' ? [] : undefined);
  if (!Array.isArray(value) || value.length > MAX_FILTERS) throw new LinkConfigError('iot.link.badField', { field, max: MAX_FILTERS });
  if (field === 'topics' && value.length === 0) throw new LinkConfigError('iot.link.noTopics');
  for (const filter of value) {
    if (typeof filter !== 'string') throw new LinkConfigError('iot.link.badField', { field, max: MAX_FILTERS });
    const problem = topicFilterProblem(filter);
    if (problem) throw new LinkConfigError(problem, { topic: filter, max: TOPIC_MAX });
  }
  return [...new Set(value as string[])];
}

function tlsOptions(value: unknown, scheme: string): LinkTls | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new LinkConfigError('iot.link.badField', { field: 'tls', max: PEM_MAX });
  const unknown = Object.keys(value).find((key) => !TLS_FIELDS.includes(key));
  if (unknown) throw new LinkConfigError('iot.link.unknownField', { field: `tls.${unknown}` });
  if (!SECURE_SCHEMES.includes(scheme)) throw new LinkConfigError('iot.link.tlsNeedsSecureUrl');
  const tls: LinkTls = {};
  for (const field of ['ca', 'cert', 'key'] as const) {
    const pem = text(value, field, PEM_MAX, false);
    if (pem !== undefined) tls[field] = pem;
  }
  if (value.rejectUnauthorized !== undefined) {
    if (typeof value.rejectUnauthorized !== 'boolean') throw new LinkConfigError('iot.link.badField', { field: 'tls.rejectUnauthorized', max: 1 });
    tls.rejectUnauthorized = value.rejectUnauthorized;
  }
  return tls;
}

/** Checks a link setting from anywhere (IPC included) and returns a clean copy; throws LinkConfigError. */
export function validateLinkConfig(input: unknown): LinkConfig {
  if (!isRecord(input)) throw new LinkConfigError('iot.link.invalid');
  const unknown = Object.keys(input).find((key) => !FIELDS.includes(key));
  if (unknown) throw new LinkConfigError('iot.link.unknownField', { field: unknown });
  const id = text(input, 'id', 64, true) as string;
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new LinkConfigError('iot.link.badId');
  const name = (text(input, 'name', 60, true) as string).trim();
  const raw = text(input, 'url', 2048, true) as string;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LinkConfigError('iot.link.badUrl', { url: raw });
  }
  if (!SCHEMES.includes(url.protocol) || !url.hostname) throw new LinkConfigError('iot.link.badUrl', { url: raw });
  // Credentials belong in their own fields: a URL shows up in statuses and logs, a password must not.
  if (url.username || url.password) throw new LinkConfigError('iot.link.credentialsInUrl');
  const topics = filters(input, 'topics');
  const relayTopics = filters(input, 'relayTopics');
  const outside = relayTopics.find((relay) => !topics.some((topic) => filterCovers(topic, relay)));
  if (outside !== undefined) throw new LinkConfigError('iot.link.relayNotSubscribed', { topic: outside });
  const config: LinkConfig = { id, name, url: raw, topics, relayTopics };
  const username = text(input, 'username', 256, false);
  const password = text(input, 'password', 1024, false);
  const tls = tlsOptions(input.tls, url.protocol);
  if (username !== undefined) config.username = username;
  if (password !== undefined) config.password = password;
  if (tls !== undefined) config.tls = tls;
  return config;
}

/** What may be shown or sent to the renderer: the setting without its secrets. */
export interface LinkView extends Omit<LinkConfig, 'password' | 'tls'> {
  hasPassword: boolean;
  tls?: Omit<LinkTls, 'key'> & { hasKey: boolean };
}

export function viewOf(config: LinkConfig): LinkView {
  const { password, tls, ...rest } = config;
  const view: LinkView = { ...rest, hasPassword: !!password };
  if (tls) {
    const { key, ...publicTls } = tls;
    view.tls = { ...publicTls, hasKey: !!key };
  }
  return view;
}
