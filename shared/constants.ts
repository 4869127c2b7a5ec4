/** Business constants and limits of spec §9 that both clients and the server need. */
export const PUBLISH_VERSION = '23.12';
export const RULE_VERSION = '20201130';
export const BASE_ROUTE = '/';
export const PREVIEW_PORT = 8012;
export const ERROR_REPORTING = false;
export const API_VERSION_CACHING = true;
export const IMAGE_COMPRESSION = true;
export const PUSH_ON_BY_DEFAULT = true;
export const IM_PUSH_FLAG_DEFAULT = false;

export const PAGE_CACHE_SIZE = 10;
export const PAGE_SIZE_MAX = 999;
export const LIST_LABELS_MAX = 10;
export const SEARCH_RESULTS_CAP = 600;
export const ATTACHMENTS_PER_UPLOAD = 5;
export const EXPORT_HISTORY_DAYS = 3;
export const OPERATION_RECORD_DAYS = 7;

export const LOGIN_FAILURES_BEFORE_WAIT = 3;
export const LOGIN_WAIT_MS = 60_000;

/**
 * The push socket's reconnect schedule. Spec §4/§9 wait 30 s before every retry; decision 0110 keeps its 30 s as the
 * cap and its 2 s open timeout, and starts at about a second, doubling, spread by ±half (renderer/kernel/backoff.ts).
 */
export const SOCKET_RECONNECT = { intervalMs: 1_000, decay: 2, maxIntervalMs: 30_000, timeoutMs: 2_000, jitter: 0.5, stableMs: 10_000 } as const;
export const CLIENT_STRING_COOKIE_DAYS = 1;
export const BRIDGE_READY_TIMEOUT_MS = 20_000;
export const LANG_LOAD_RETRIES = 5;
export const LANG_LOAD_FIRST_DELAY_MS = 350;

export const SECURITY_LEVELS = ['Low', 'Medium', 'High'] as const;
export const TERMINALS = ['web', 'app', 'applet'] as const;
export const SKINS = [
  'deepBlack',
  'dreamPurple',
  'interstellarBlue',
  'mistyRed',
  'sunsetOrange',
  'limeGreen',
  'daybreakBlue',
  'lilac',
  'system',
] as const;
export const THIRD_PARTY_LOGINS = ['wechat', 'weibo', 'qq', 'dingtalk', 'feishu', 'wecom'] as const;
export const QR_FIELDS_MAX = 3;
