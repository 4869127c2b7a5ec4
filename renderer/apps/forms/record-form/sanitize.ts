/**
 * A small allow-list sanitiser for rich text shown in the browser. The server already cleans what it stores
 * (xss in server/apps/forms/values.ts); this is the second line for HTML that did not pass through it (a draft's
 * default value, a value being edited) — assigning HTML to a live element runs handlers like `onerror` at once.
 */
const ALLOWED = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'P', 'BR', 'DIV', 'SPAN', 'UL', 'OL', 'LI', 'A', 'H1', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'PRE', 'CODE']);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (DROP_WITH_CONTENT.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED.has(child.tagName)) {
      // Unknown tags keep their text: formatting is lost, content is not.
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const keep = child.tagName === 'A' && attribute.name === 'href' && SAFE_URL.test(attribute.value.trim());
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  // A detached document: parsing there never loads images or runs handlers.
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
