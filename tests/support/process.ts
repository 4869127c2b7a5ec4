import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const TSX = path.resolve('node_modules/.bin/tsx');

/**
 * Starts a TypeScript script in its own Node process; resolves with the first stdout line matching `ready`.
 * tsx runs the script in a child node process of its own, so the pair gets a process group of its own: a
 * crash (crashProcess) must reach the script itself, not only the tsx wrapper, or the "killed" server lives on.
 */
export function startScript(script: string, env: Record<string, string>, ready: RegExp, timeoutMs = 60_000) {
  const child = spawn(TSX, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const line = new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not get ready: ${stderr}`)), timeoutMs);
    child.stdout?.on('data', (chunk) => {
      out += String(chunk);
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${stderr}`));
    });
  });
  return { child, ready: line };
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A crash: SIGKILL to the whole process group of a started script (tsx and the script it runs), at once. */
export function crashProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGKILL');
  });
}

/**
 * The JSON log lines (pino's) a started script writes to stdout, as they arrive: read it again to see later ones.
 * Set the script's LOG_LEVEL to the level the test looks for; other output lines are left out.
 */
export function logLines(child: ChildProcess): () => Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  let partial = '';
  child.stdout?.on('data', (chunk) => {
    const text = partial + String(chunk);
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  return () => lines;
}
