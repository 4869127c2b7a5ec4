/**
 * The enterprise's own information (spec §2.6 infoSetting): what the admin keeps up to date. The registered name
 * is the operator's (it names the space everywhere); the rest is here. Shared by the page and the server, so both
 * refuse the same things with the same words.
 */
export interface EnterpriseInfo {
  /** The registered name (read-only here). */
  name: string;
  shortName: string;
  industry: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
}

/** Industries of an industrial platform's customers (GB/T 4754 manufacturing divisions, abridged), and "other". */
export const INDUSTRIES = [
  'machinery',
  'automotive',
  'electronics',
  'electrical',
  'metals',
  'chemicals',
  'plastics',
  'pharma',
  'food',
  'textiles',
  'energy',
  'construction',
  'logistics',
  'other',
] as const;

export const ENTERPRISE_LIMITS = { shortName: 20, contactName: 40, contactPhone: 20, contactEmail: 100, address: 200 } as const;

const PHONE = /^\+?[0-9][0-9 -]{4,18}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of an edit, as a dictionary key and its values, or null. */
export function enterpriseInfoProblem(info: Omit<EnterpriseInfo, 'name'>): { key: string; params?: Record<string, string | number> } | null {
  for (const field of ['shortName', 'contactName', 'contactPhone', 'contactEmail', 'address'] as const) {
    if (info[field].length > ENTERPRISE_LIMITS[field]) return { key: `org.info.tooLong.${field}`, params: { max: ENTERPRISE_LIMITS[field] } };
  }
  if (info.industry && !(INDUSTRIES as readonly string[]).includes(info.industry)) return { key: 'org.info.badIndustry' };
  if (info.contactPhone && !PHONE.test(info.contactPhone)) return { key: 'org.info.badPhone' };
  if (info.contactEmail && !EMAIL.test(info.contactEmail)) return { key: 'org.info.badEmail' };
  return null;
}
