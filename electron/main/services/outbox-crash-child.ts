/**
 * The process the crash test kills: replays the outbox in OUTBOX_FILE against SERVER_URL with the session in
 * SESSION_COOKIE / SESSION_CSRF. After each answer it prints `ACK <id>` and pauses ACK_PAUSE_MS before the outbox
 * records it, so a kill on that line lands in the worst spot: the server has done the write, the file still
 * says `sending`.
 */
import { httpSender, Outbox, type Send } from './outbox.ts';
import { openDatabase } from './sqlite.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const pause = Number(process.env.ACK_PAUSE_MS ?? 50);
const real = httpSender(env('SERVER_URL'), { cookie: env('SESSION_COOKIE'), csrf: env('SESSION_CSRF') });
const send: Send = async (request, key) => {
  const answer = await real(request, key);
  process.stdout.write(`ACK ${key} ${answer.status}\n`);
  await new Promise((resolve) => setTimeout(resolve, pause));
  return answer;
};

const outbox = new Outbox(openDatabase(env('OUTBOX_FILE')), { send });
process.stdout.write('REPLAYING\n');
const result = await outbox.replay();
process.stdout.write(`FINISHED ${JSON.stringify(result)}\n`);
