/**
 * Arco's Tabs give each title `role="tab"` but never give their header the `tablist` role that a tab must sit in
 * (axe: aria-required-parent, critical), and they point tabs at panels that may never be drawn. Rather than wrap
 * every use, the shell mends both as soon as any Tabs appear anywhere in the document, so a new page using Tabs
 * cannot bring the defect back.
 */
const HEADER = '.arco-tabs-header:not([role])';

function nameTablists(root: ParentNode): void {
  for (const header of root.querySelectorAll(HEADER)) header.setAttribute('role', 'tablist');
  // Tabs used as a bar of choices (no panel content) point `aria-controls` at panels never drawn (axe:
  // aria-valid-attr-value): a tab controls only a panel that exists.
  for (const tab of root.querySelectorAll('.arco-tabs [role="tab"][aria-controls]')) {
    if (!document.getElementById(tab.getAttribute('aria-controls') ?? '')) tab.removeAttribute('aria-controls');
  }
}

/** Starts watching `root` (the document body in the app); returns a function that stops it. */
export function watchArcoTablists(root: Element): () => void {
  nameTablists(root);
  const observer = new MutationObserver(() => nameTablists(root));
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-controls'] });
  return () => observer.disconnect();
}
