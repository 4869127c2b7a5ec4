import type { ComponentResult, OpenPortalAnswer } from '../../../shared/portal/data.ts';
import { type ImageKind, type Portal, type PortalDraft, type PortalSummary, type Terminal } from '../../../shared/portal/model.ts';
import type { PortalProblem } from '../../../shared/portal/validate.ts';
import { postFiles } from '../../kernel/upload.ts';
import { apiUrl, TransportError, type Transport } from '../../kernel/transport.ts';

/**
 * The portal API calls of docs (notes/portal-api.md), in one place: the management page, the designer and the
 * viewers call these, so a path is written once. Queries are part of the path (the fake API of the page tests
 * answers by path).
 */
const q = encodeURIComponent;

export const portalApi = (api: Transport) => ({
  list: async (terminal: Terminal, manage: boolean) => (await api.get<PortalSummary[]>(`/api/portal/portals?terminal=${terminal}&manage=${manage ? 1 : 0}`)).data,
  get: async (id: string) => (await api.get<Portal>(`/api/portal/portals/${q(id)}`)).data,
  create: async (draft: PortalDraft) => (await api.post<Portal>('/api/portal/portals', draft as never, { json: true })).data,
  save: async (id: string, draft: PortalDraft, version: number) => (await api.put<Portal>(`/api/portal/portals/${q(id)}`, { draft, version }, { json: true })).data,
  remove: (id: string) => api.delete(`/api/portal/portals/${q(id)}`),
  copy: async (id: string) => (await api.post<Portal>(`/api/portal/portals/${q(id)}/copy`, {}, { json: true })).data,
  setDefault: (id: string) => api.post(`/api/portal/portals/${q(id)}/default`, {}, { json: true }),
  open: async (terminal: Terminal, id?: string) =>
    (await api.get<OpenPortalAnswer>(`/api/portal/open?terminal=${terminal}${id ? `&id=${q(id)}` : ''}`)).data,
  componentData: async (portalId: string, componentId: string, label?: string | null, cursor?: string | null) => {
    const query = [label ? `label=${q(label)}` : '', cursor ? `cursor=${q(cursor)}` : ''].filter(Boolean).join('&');
    const path = `/api/portal/portals/${q(portalId)}/components/${q(componentId)}/data${query ? `?${query}` : ''}`;
    return (await api.get<ComponentResult>(path)).data;
  },
});

export interface UploadedImage {
  id: string;
  url: string;
  width: number;
  height: number;
}

const isImage = (data: unknown): data is UploadedImage => typeof (data as UploadedImage | null)?.id === 'string';

/** Multipart upload (field `files`) to `/api/portal/images?kind=`; the server checks content, size and dimensions again. */
export function uploadPortalImage(spaceUri: string, kind: ImageKind, file: File, fallback: string): Promise<UploadedImage> {
  return postFiles(apiUrl('', spaceUri, `/api/portal/images?kind=${kind}`), [file], fallback, isImage);
}

/** The address an `<img>` loads an uploaded portal image from (same-space, served by the portal app). */
export function imageUrl(spaceUri: string, id: string): string {
  return apiUrl('', spaceUri, `/api/portal/images/${q(id)}`);
}

/** The problems of a server 422 (`data.problems`), or [] for any other failure. */
export function serverProblems(failure: unknown): PortalProblem[] {
  if (!(failure instanceof TransportError) || failure.code !== 422) return [];
  const problems = (failure.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? problems.filter((p): p is PortalProblem => typeof p?.path === 'string' && typeof p?.key === 'string') : [];
}

export const isStale = (failure: unknown) => failure instanceof TransportError && failure.code === 409;

