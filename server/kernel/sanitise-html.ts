import xssModule from 'xss';
import type * as Xss from 'xss';

// xss is CommonJS: under Node's own ESM loader (tsx) only its default export, the module object, is reliable.
const { FilterXSS, getDefaultWhiteList, safeAttrValue } = xssModule as unknown as typeof Xss;

/**
 * Hosts a custom component may frame (decision 0060): video players of the common platforms, over https only.
 * Anything else — including the platform's own pages, which would then run inside the portal with the member's
 * session — is dropped from the frame's address, leaving an empty frame.
 */
export const IFRAME_HOSTS: readonly string[] = ['player.bilibili.com', 'v.qq.com', 'player.youku.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/** Frames run with only what a video player needs: no top navigation, no forms, no downloads. */
const SANDBOX = 'sandbox="allow-scripts allow-same-origin allow-popups allow-presentation" referrerpolicy="no-referrer"';

function allowedFrame(src: string): boolean {
  try {
    const url = new URL(src.trim());
    return url.protocol === 'https:' && !url.username && !url.password && IFRAME_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

const whiteList = (() => {
  const list: Record<string, string[] | undefined> = { ...getDefaultWhiteList() };
  // Layout needs style and class; the CSS filter behind `style` keeps only plain properties (no expression(), url()).
  for (const tag of Object.keys(list)) list[tag] = [...new Set([...(list[tag] ?? []), 'style', 'class'])];
  list.iframe = ['src', 'width', 'height', 'title', 'allowfullscreen', 'frameborder', 'style', 'class'];
  return list;
})();

const filter = new FilterXSS({
  whiteList,
  // Unknown tags go, and <script>/<style> go with their content (a script's text is not for reading either).
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template'],
  allowCommentTag: false,
  safeAttrValue(tag, name, value, cssFilter) {
    if (tag === 'iframe' && name === 'src') return allowedFrame(value) ? safeAttrValue(tag, name, value, cssFilter) : '';
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

/**
 * Kept in the kernel because more than one app stores HTML through it (portal custom components, the console's
 * help articles), and no app imports another's modules (decision 0091).
 *
 * A custom component's HTML as it may be stored and shown: no script, no event handler (`on*` is never on the
 * allow-list), no `javascript:` or other non-http link, frames only from IFRAME_HOSTS and always sandboxed.
 */
export function sanitiseHtml(html: string): string {
  return filter.process(html).replace(/<iframe(?=[\s>])/g, `<iframe ${SANDBOX}`);
}
