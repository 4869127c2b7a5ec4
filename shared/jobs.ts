/**
 * How screens name a job kind of the kernel's queue (decision 0095). A kind is led by the app that defines it
 * (`forms.reminder`), so its label is that app's string `<app>.job.<rest>` (`forms.job.reminder`), kept beside the
 * app's other strings; a domain event's delivery (`event:<subscriber>`) is the kernel's `kernel.job.event`. A kind
 * without a label shows as itself: a new kind is never hidden for want of a string.
 */
export function jobKindText(kind: string): { key: string; params?: Record<string, string> } | null {
  if (kind.startsWith('event:')) return { key: 'kernel.job.event', params: { subscriber: kind.slice('event:'.length) } };
  const dot = kind.indexOf('.');
  if (dot <= 0 || dot === kind.length - 1) return null;
  return { key: `${kind.slice(0, dot)}.job.${kind.slice(dot + 1)}` };
}

/** The label of a kind through `translate`, which answers null for a key no dictionary has. */
export function jobKindLabel(kind: string, translate: (key: string, params?: Record<string, string>) => string | null): string {
  const text = jobKindText(kind);
  return (text && translate(text.key, text.params)) ?? kind;
}
