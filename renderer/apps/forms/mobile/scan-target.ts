import { matchRoute } from '../../../../shared/routes/match.ts';
import { VALID_ID } from '../detail/model.ts';

/** What a scanned code names, as far as the phone can tell before asking the server. */
export type ScanTarget =
  | { kind: 'record'; appId: string; formId: string; recordId: string }
  | { kind: 'otherSpace' }
  | { kind: 'unknown' };

/**
 * Reads a record's QR code (server/apps/forms/qr-routes.ts prints `…/space-{space}/{app}/detail/{form}?id={record}`;
 * a phone page's own address is read too). The host is not compared: the platform may be reached under several
 * names, and the path names the record either way. A code of another space is refused here, so the phone never
 * switches space behind the user's back; whether he may see the record is the server's answer on the detail page.
 */
export function scanTarget(text: string, spaceId: string | null): ScanTarget {
  const raw = text.trim();
  if (!/^https?:\/\//i.test(raw) && !raw.startsWith('/')) return { kind: 'unknown' };
  let path: string;
  try {
    const url = new URL(raw, 'http://local.invalid');
    path = url.pathname + url.search;
  } catch {
    return { kind: 'unknown' };
  }
  const match = matchRoute(path, { ownSpaceId: spaceId });
  if (!match) return { kind: 'unknown' };
  const query = (name: string) => {
    const value = match.query[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  let target: ScanTarget = { kind: 'unknown' };
  if (match.route.id === 'forms.detail') {
    target = { kind: 'record', appId: match.params['app'] ?? '', formId: match.params['form'] || query('formId'), recordId: query('id') };
  } else if (match.route.id === 'forms.mobileDetail') {
    target = { kind: 'record', appId: match.params['appId'] ?? '', formId: match.params['formId'] ?? '', recordId: match.params['recordId'] ?? '' };
  }
  if (target.kind !== 'record' || ![target.appId, target.formId, target.recordId].every((id) => VALID_ID.test(id))) return { kind: 'unknown' };
  if (match.spaceId !== spaceId) return { kind: 'otherSpace' };
  return target;
}
