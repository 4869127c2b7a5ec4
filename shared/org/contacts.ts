/**
 * The address book (spec §2.6 organization/contacts, organization/usercontactinfo; decision 0038). Name,
 * departments and main post are always on a card: without them an address book finds nobody. Every other §3 field
 * is shown to members only when the administrator makes it visible; viewers who may read the full member records
 * anyway (`org.members.read`: admin, safe, audit) always see all of them.
 */
export const CONTACT_FIELDS = [
  'loginId',
  'phone',
  'email',
  'gender',
  'birthday',
  'qq',
  'idCard',
  'address',
  'signature',
  'partTimePosts',
  'superior',
  'extension',
  'entryDate',
  'jobDescription',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Until the administrator chooses: what colleagues need to reach someone, never the private data of §3. */
export const DEFAULT_VISIBLE_FIELDS: readonly ContactField[] = ['loginId', 'phone', 'email', 'gender', 'signature', 'partTimePosts', 'superior', 'extension'];

export const CONTACT_PAGE_SIZE = 50;

/** The dictionary key naming a field on the card and in the setting. */
export const contactFieldLabel = (field: ContactField | 'name' | 'departments' | 'mainPost') => `org.contacts.field.${field}`;

/** One person in the list: fields the viewer may not see are absent, not empty. */
export interface ContactRow {
  id: string;
  name: string;
  /** Pinyin initials of the name ("zs" for 张三): the list is ordered by them and grouped by their first letter. */
  initials: string;
  departments: string[];
  mainPost: string | null;
  loginId?: string;
  phone?: string | null;
  email?: string | null;
}

export interface ContactPage {
  contacts: ContactRow[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/** The member card: the row plus the other visible §3 fields. */
export interface ContactCard extends ContactRow {
  gender?: 'male' | 'female' | null;
  birthday?: string | null;
  qq?: string | null;
  idCard?: string | null;
  address?: string;
  signature?: string;
  partTimePosts?: string[];
  superior?: string | null;
  extension?: string;
  entryDate?: string | null;
  jobDescription?: string;
}

export interface ContactSettings {
  visibleFields: ContactField[];
  /** Whether the caller sees every field whatever the setting (and so may be shown the setting). */
  seesAll: boolean;
}

/** A query that may be pinyin initials: Latin letters only ("zs", "ZS"). */
export const initialsOf = (q: string): string | null => (/^[a-z]{1,20}$/i.test(q) ? q.toLowerCase() : null);
