import type { App } from './server.ts';

/** How often a draining server closes the keep-alive connections whose last answer has left. */
const SWEEP_MS = 100;

/** Counts requests between their arrival and the end of their answer (a websocket is not a request). */
export function countInFlight(app: App): () => number {
  let open = 0;
  app.server.on('request', (_req, res) => {
    open += 1;
    res.once('close', () => (open -= 1));
  });
  return () => open;
}

/**
 * Stops the HTTP side of a process without cutting work (docs/deploy.md): no new connection is accepted; requests in
 * flight finish, and their connections close after their answer (Fastify answers `Connection: close` while closing,
 * and idle keep-alive connections are closed as soon as they are idle instead of after their keep-alive time); push
 * sockets are closed by the websocket plugin's preClose (1012, "restarting": clients reconnect at once elsewhere).
 * Whatever is still running after `withinMs` is cut. Answers how many requests were cut.
 */
export async function closeHttp(app: App, inFlight: () => number, withinMs: number): Promise<number> {
  const server = app.server;
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
  let cut = 0;
  const deadline = setTimeout(() => {
    cut = inFlight();
    server.closeAllConnections();
  }, withinMs);
  try {
    server.closeIdleConnections();
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(deadline);
  }
  return cut;
}
