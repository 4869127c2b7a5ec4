import type { MemberState } from '../../../shared/org/member.ts';
import { apiUrl } from '../../kernel/transport.ts';
import { postFiles } from '../../kernel/upload.ts';

/** A row of the member list (GET /api/org/members/list). */
export interface MemberRow {
  id: string;
  loginId: string;
  name: string;
  phone: string | null;
  email: string | null;
  state: MemberState;
  /** Platform roles in this space (user, admin, safe, audit). */
  roles?: string[];
  departments: string[];
  mainPost: string | null;
  superior: string | null;
  joinedAt: string;
  lastSignIn: string | null;
}

/** One member as the dialog edits it (GET /api/org/members/:id). */
export interface MemberDetail {
  id: string;
  loginId: string;
  name: string;
  phone: string | null;
  email: string | null;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  qq: string | null;
  idCard: string | null;
  address: string;
  signature: string;
  extension: string;
  entryDate: string | null;
  jobDescription: string;
  departmentIds: string[];
  mainPostId: string | null;
  partTimePostIds: string[];
  superiorId: string | null;
  state: MemberState;
  updatedAt: string;
}

export interface ImportResult {
  id: string;
  total: number;
  imported: number;
  failed: number;
  reasons: Array<{ line: number; reason: string }>;
}

export const memberApiLink = (spaceUri: string, path: string) => apiUrl('', spaceUri, path);

/** The member import: the file goes up as multipart; the answer is the counts and the first reasons. */
export function uploadMembers(spaceUri: string, file: File, fallbackMessage: string): Promise<ImportResult> {
  return postFiles(memberApiLink(spaceUri, '/api/org/members/import'), [file], fallbackMessage, (data): data is ImportResult => typeof (data as ImportResult | null)?.total === 'number');
}

/** The page where an invited member sets their password (a public page of the shell). */
export const invitationUrl = (token: string) => `${window.location.origin}/home/invitation/${encodeURIComponent(token)}`;
