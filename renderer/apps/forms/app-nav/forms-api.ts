import type { Transport } from '../../../kernel/transport.ts';
import type { AppForm } from '../views/types.ts';

const form = (formId: string, rest = '') => `/api/forms/forms/${encodeURIComponent(formId)}${rest}`;

/** The form-management calls of an app (server: design-routes.ts and form-admin-routes.ts). */
export const formsAdminApi = (api: Transport) => ({
  create: async (appId: string, name: string) => (await api.post<AppForm>('/api/forms/forms', { appId, name }, { json: true })).data as AppForm,
  rename: (formId: string, name: string) => api.request('patch', form(formId), { body: { name }, json: true }),
  copy: async (formId: string, name: string) => (await api.post<AppForm>(form(formId, '/copy'), { name }, { json: true })).data as AppForm,
  remove: (formId: string) => api.delete(form(formId)),
  recycled: async (appId: string) => ((await api.get<{ forms: AppForm[] }>(`/api/forms/apps/${encodeURIComponent(appId)}/recycle`)).data?.forms ?? []),
  restore: (formId: string) => api.post(form(formId, '/restore'), {}, { json: true }),
  order: (appId: string, formIds: string[]) => api.put(`/api/forms/apps/${encodeURIComponent(appId)}/form-order`, { formIds }, { json: true }),
});

/** `ids` with the one at `index` moved by `step` places (no move past either end). */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
