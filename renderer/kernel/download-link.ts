import { apiUrl } from './transport.ts';

/**
 * The attributes of a link to a file the API serves (an export, a template), in the space the page is in. The
 * browser fetches it itself, sending the session cookie; `download` is what makes the link router (spec §2.1,
 * shell/links.ts) leave it to the browser. Without it an API path inside a space reads as a page address and the
 * client router opens "page not found" instead of saving the file.
 */
export function downloadLink(spaceUri: string, path: string, fileName?: string | null): { href: string; download: string | true } {
  return { href: apiUrl('', spaceUri, path), download: fileName || true };
}
