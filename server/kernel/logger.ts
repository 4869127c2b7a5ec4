import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured logs to stdout. Cookies, authorisation headers and anything named like a password or token are
 * redacted, so a secret never reaches a log file even when an object is logged whole.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  });
}
