import { OPENAPI_PATH, type ApplicationState, type DeveloperApplication, type OpenApiDocument, type ReviewedApplication } from '../../../../shared/api/account-developer.ts';
import type { Transport } from '../../../kernel/transport.ts';

/** The calls of shared/api/account-developer.ts, typed, so the pages never spell a path twice. */
export function developerApi(api: Transport) {
  const id = (value: string) => encodeURIComponent(value);
  return {
    mine: async (): Promise<DeveloperApplication[]> => (await api.get<{ applications: DeveloperApplication[] }>('/api/account/developer')).data.applications,
    apply: (reason: string) => api.post('/api/account/developer/applications', { reason }, { json: true }),
    collect: async (applicationId: string): Promise<string> =>
      (await api.post<{ token: string }>(`/api/account/developer/applications/${id(applicationId)}/collect`, {}, { json: true })).data.token,
    revokeMine: (applicationId: string) => api.post(`/api/account/developer/applications/${id(applicationId)}/revoke`, {}, { json: true }),
    review: async (state: ApplicationState | 'all'): Promise<ReviewedApplication[]> =>
      (await api.get<{ applications: ReviewedApplication[] }>('/api/account/developer/review', { params: state === 'all' ? {} : { state } })).data.applications,
    approve: (applicationId: string) => api.post(`/api/account/developer/review/${id(applicationId)}/approve`, {}, { json: true }),
    reject: (applicationId: string, note: string) => api.post(`/api/account/developer/review/${id(applicationId)}/reject`, { note }, { json: true }),
    revoke: (applicationId: string) => api.post(`/api/account/developer/review/${id(applicationId)}/revoke`, {}, { json: true }),
    // The document is served plain (OpenAPI tools read it as is), not in the { code, msg, data } envelope: the
    // transport's answer is the document itself with the envelope's defaults beside it.
    reference: async (): Promise<OpenApiDocument> => (await api.get(OPENAPI_PATH)) as unknown as OpenApiDocument,
  };
}
