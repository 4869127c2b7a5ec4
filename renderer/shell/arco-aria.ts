/**
 * Arco's components miss a few ARIA details that axe reports on every page using them: Tabs give titles
 * `role="tab"` without a `tablist` around them (aria-required-parent, critical), point tabs at panels that may never
 * be drawn and leave inactive panes focusable; a searchable Select hides a focusable input, and select inputs go
 * unnamed; tree items start at level 0; unbounded numbers say "Infinity". Rather than wrap every use, the shell
 * mends these wherever they appear in the document, so a new page using these components cannot bring them back.
 */
const HEADER = '.arco-tabs-header:not([role])';

function mendAria(root: ParentNode): void {
  for (const header of root.querySelectorAll(HEADER)) header.setAttribute('role', 'tablist');
  // Tabs used as a bar of choices (no panel content) point `aria-controls` at panels never drawn (axe:
  // aria-valid-attr-value): a tab controls only a panel that exists.
  for (const tab of root.querySelectorAll('.arco-tabs [role="tab"][aria-controls]')) {
    if (!document.getElementById(tab.getAttribute('aria-controls') ?? '')) tab.removeAttribute('aria-controls');
  }
  // Inactive tab panes stay drawn (off to the side) with aria-hidden, their buttons still focusable (axe:
  // aria-hidden-focus): an inactive pane is inert, so neither focus nor assistive technology reaches it.
  for (const pane of root.querySelectorAll('.arco-tabs [role="tabpanel"]')) {
    const hidden = pane.getAttribute('aria-hidden') === 'true';
    if (hidden !== pane.hasAttribute('inert')) pane.toggleAttribute('inert', hidden);
  }
  // Tree items count their level from 0 (`aria-level="0"` is invalid: levels start at 1). The level is read from
  // the item's indent blocks, so it stays right when a node moves to another depth.
  for (const item of root.querySelectorAll('.arco-tree-node[role="treeitem"]')) {
    const level = String(item.querySelectorAll(':scope > .arco-tree-node-indent > .arco-tree-node-indent-block').length + 1);
    if (item.getAttribute('aria-level') !== level) item.setAttribute('aria-level', level);
  }
  // A searchable Select keeps its search input focusable yet marks it aria-hidden until typing starts (axe:
  // aria-hidden-focus). It is what a keyboard user types into, so it stays perceivable, named like its select.
  for (const input of root.querySelectorAll('input.arco-select-view-input[aria-hidden]:not([tabindex="-1"])')) input.removeAttribute('aria-hidden');
  for (const input of root.querySelectorAll<HTMLInputElement>('input.arco-select-view-input:not([aria-hidden]):not([aria-label]), input.arco-input-tag-input:not([aria-label])')) {
    const name = fieldName(input);
    if (name) input.setAttribute('aria-label', name);
  }
  // A Spin given a name ("loading…") is a plain div, which may not carry aria-label (axe: aria-prohibited-attr): a
  // named loading indicator is a status, so it gets that role and the name is read out.
  for (const spin of root.querySelectorAll('.arco-spin[aria-label]:not([role])')) spin.setAttribute('role', 'status');
  // InputNumber without bounds announces aria-valuemax="Infinity" (axe: aria-valid-attr-value): no bound is no attribute.
  for (const input of root.querySelectorAll('input[aria-valuemax="Infinity"], input[aria-valuemin="-Infinity"]')) {
    if (input.getAttribute('aria-valuemax') === 'Infinity') input.removeAttribute('aria-valuemax');
    if (input.getAttribute('aria-valuemin') === '-Infinity') input.removeAttribute('aria-valuemin');
  }
}

/** The name a select's input should carry: its select's aria-label, else its form item's label. */
function fieldName(input: Element): string | null {
  const labelled = input.closest('[aria-label]')?.getAttribute('aria-label');
  if (labelled) return labelled;
  const label = input.closest('.arco-form-item')?.querySelector(':scope > .arco-form-label-item label');
  return label?.textContent?.replace(/^\s*\*\s*/, '').trim() || null;
}

/**
 * A table's selection checkboxes are drawn with no text (axe: label, critical). A page may name one on its wrapping
 * label (rows through `checkboxProps`); Arco redraws the header's box whenever it likes, so a page's own naming can
 * be lost. Whatever is unnamed here gets the shell's words, so no table can bring the violation back.
 */
function nameSelectionBoxes(root: ParentNode, words: AriaWords): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('.arco-table input[type="checkbox"]:not([aria-label])')) {
    const wrapper = input.closest('label');
    if (wrapper?.getAttribute('aria-label') || wrapper?.textContent?.trim()) continue;
    input.setAttribute('aria-label', input.closest('thead') ? words.selectAll : words.selectRow);
  }
}

/** Words the mends give to unnamed controls, in the user's language (from the dictionaries). */
export interface AriaWords {
  close: string;
  /** A table's select-all checkbox. */
  selectAll: string;
  /** A table row's checkbox. */
  selectRow: string;
}

/** Starts watching `root` (the document body in the app); returns a function that stops it. */
export function mendArcoAria(root: Element, words?: AriaWords): () => void {
  const mend = () => {
    mendAria(root);
    // Closable alerts and tags draw an icon button with no name (axe: button-name).
    if (words) for (const button of root.querySelectorAll('.arco-alert-close-btn:not([aria-label]), .arco-tag-close-btn:not([aria-label])')) button.setAttribute('aria-label', words.close);
    if (words) nameSelectionBoxes(root, words);
  };
  mend();
  const observer = new MutationObserver(mend);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-controls', 'aria-hidden', 'aria-level', 'aria-valuemax', 'aria-valuemin'] });
  return () => observer.disconnect();
}
