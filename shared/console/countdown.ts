/** The parts of a remaining time for a countdown (never negative), zero-padded as a clock shows them. */
export function countdownParts(ms: number): { d: number; h: string; m: string; s: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { d: Math.floor(total / 86_400), h: pad(Math.floor((total % 86_400) / 3600)), m: pad(Math.floor((total % 3600) / 60)), s: pad(total % 60) };
}
