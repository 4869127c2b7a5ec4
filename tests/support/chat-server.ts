import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  path: string;
  authorization: string | null;
  body: { model?: string; max_tokens?: number; messages?: Array<{ role: string; content: string }> };
}

export interface TestChatServer {
  port: number;
  /** Every request that reached the server, in order (a refused call must never appear here). */
  requests: ChatRequest[];
  close(): Promise<void>;
}

/** What the server answers as the model: fixed, so tests can count tokens. */
export const CHAT_REPLY = 'OK';
export const CHAT_USAGE = { prompt_tokens: 7, completion_tokens: 3 };

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions JSON, for tests of the AI settings
 * (decision 0047). The path before `/v1` picks its behaviour: none answers like a model; `/silent` never answers;
 * `/broken` answers text that is not JSON; `/fail` answers 500; `/denied` answers 401 like a wrong key.
 */
export async function startTestChatServer(): Promise<TestChatServer> {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: ChatRequest['body'] = {};
      try {
        body = JSON.parse(text) as ChatRequest['body'];
      } catch {
        // recorded as empty: the test then sees what was (not) sent
      }
      requests.push({ path, authorization: req.headers.authorization ?? null, body });
      if (path.startsWith('/silent/')) return; // keeps the connection open and says nothing
      if (path.startsWith('/broken/')) return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
      if (path.startsWith('/fail/')) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      if (path.startsWith('/denied/')) {
        // Real providers quote part of the key back: the platform must not pass this text on.
        return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization}` } }));
      }
      if (!path.endsWith('/v1/chat/completions') || req.method !== 'POST') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: body.model ?? 'unknown',
          choices: [{ index: 0, message: { role: 'assistant', content: CHAT_REPLY }, finish_reason: 'stop' }],
          usage: { ...CHAT_USAGE, total_tokens: CHAT_USAGE.prompt_tokens + CHAT_USAGE.completion_tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
