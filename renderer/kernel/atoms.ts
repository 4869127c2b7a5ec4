import { atom } from 'jotai';
import type { Language } from '../../shared/i18n/index.ts';
import type { SocketStatus } from '../../shared/bridge.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import type { Role } from '../../shared/roles.ts';
import { holds, type Permission } from '../../shared/permissions.ts';

/** The signed-in user as qycloudBaseInfo describes them (spec §3), or null for a guest. */
export interface SessionUser {
  id: string;
  loginId: string;
  name: string;
  /** The space this page acts in (spec: entId / entName). */
  entId: string | null;
  entName: string | null;
  roles: Role[];
  /** Console permissions delegated to the user in this space beyond their roles (decision 0045). */
  delegated?: string[];
  /** What the user holds here now, root's changes to the roles included (decision 0081). */
  permissions?: string[];
  ownSpaceId: string | null;
  spaces: Array<{ id: string; name: string; roles: Role[] }>;
}

export interface BaseInfo {
  user: SessionUser | null;
  csrfToken: string | null;
  isCrossSpace: boolean;
  language: Language;
  websocketConfig: string;
  publishVersion: string;
  langVersion: string;
  projectStamp: string;
  desktopDownloadUrl: string | null;
}

/** Shared state of the shell: pages read these atoms instead of receiving them through props. */
export const baseInfoAtom = atom<BaseInfo | null>(null);
export const sessionAtom = atom((get) => get(baseInfoAtom)?.user ?? null);
export const spaceAtom = atom((get) => {
  const user = get(sessionAtom);
  return user?.entId ? { id: user.entId, name: user.entName ?? user.entId } : null;
});
/** Whether the signed-in user holds a permission here, by role or delegation (the server decides too). */
export const holdsAtom = atom((get) => {
  const user = get(sessionAtom);
  return (permission: Permission) => !!user && (user.permissions ? user.permissions.includes(permission) : holds(permission, user.roles, user.delegated));
});
export const languageAtom = atom<Language>('zh-CN');
export const skinAtom = atom<string>('daybreakBlue');
export const socketStatusAtom = atom<SocketStatus>(0);
/** The route entries the server says this user may open (GET /napi/routes). */
export const allowedRoutesAtom = atom<RouteEntry[]>([]);
/** Naked mode (`__NAKED__`): pages without header and menus. */
export const nakedAtom = atom<boolean>(false);
/** A page is loading (the thin blue bar). */
export const loadingAtom = atom<boolean>(false);
/** The URL names a space this user does not belong to: every page shows the no-permission page. */
export const spaceRefusedAtom = atom<boolean>(false);
/** Desktop: the server cannot be reached; pages show cached answers and writes wait in the outbox. */
export const offlineAtom = atom<boolean>(false);
