import type { ShownProblem } from './use-chart-design.ts';

/** The problems of one part of the draft (`at` and below), shown where the user fixes them. */
export function Problems({ problems, at, exact }: { problems: readonly ShownProblem[]; at: string; exact?: boolean }) {
  const here = problems.filter((p) => p.path === at || (!exact && p.path.startsWith(`${at}.`)));
  if (here.length === 0) return null;
  return (
    <ul className="qp-chart-problems" role="alert" data-testid={`chart-problem-${at}`}>
      {here.map((p, i) => (
        <li key={i}>{p.text}</li>
      ))}
    </ul>
  );
}
