/**
 * Arco's Tabs give each title `role="tab"` but never give their header the `tablist` role that a tab must sit in
 * (axe: aria-required-parent, critical), and they point tabs at panels that may never be drawn; a searchable Select
 * hides a focusable input. Rather than wrap every use, the shell mends these as soon as any Tabs appear anywhere in the document, so a new page using Tabs
 * cannot bring the defect back.
 */
const HEADER = '.arco-tabs-header:not([role])';

function mendAria(root: ParentNode): void {
  for (const header of root.querySelectorAll(HEADER)) header.setAttribute('role', 'tablist');
  // Tabs used as a bar of choices (no panel content) point `aria-controls` at panels never drawn (axe:
  // aria-valid-attr-value): a tab controls only a panel that exists.
  for (const tab of root.querySelectorAll('.arco-tabs [role="tab"][aria-controls]')) {
    if (!document.getElementById(tab.getAttribute('aria-controls') ?? '')) tab.removeAttribute('aria-controls');
  }
  // A searchable Select keeps its search input focusable yet marks it aria-hidden until typing starts (axe:
  // aria-hidden-focus). It is what a keyboard user types into, so it stays perceivable, named like its select.
  for (const input of root.querySelectorAll('input.arco-select-view-input[aria-hidden]')) {
    input.removeAttribute('aria-hidden');
    const name = input.closest('[aria-label]')?.getAttribute('aria-label');
    if (name && !input.hasAttribute('aria-label')) input.setAttribute('aria-label', name);
  }
}

/** Starts watching `root` (the document body in the app); returns a function that stops it. */
export function mendArcoAria(root: Element): () => void {
  mendAria(root);
  const observer = new MutationObserver(() => mendAria(root));
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-controls', 'aria-hidden'] });
  return () => observer.disconnect();
}
