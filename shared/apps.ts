/**
 * Micro-app ids. One id names the same feature everywhere: server/apps/<id>, renderer/apps/<id>,
 * shared/api/<id>.ts, i18n keys `<id>.*`, permissions `<id>.<verb>`.
 * `shell` holds the frame pages every app relies on (login, maintenance, not-found, no-permission).
 */
export const MICRO_APPS = [
  'shell',
  'account',
  'appcenter',
  'portal',
  'forms',
  'workflow',
  'dashboards',
  'rules',
  'logic',
  'etl',
  'gateway',
  'iot',
  'org',
  'messages',
  'chat',
  'console',
] as const;
export type MicroAppId = (typeof MICRO_APPS)[number];
