import type { MicroAppId } from '../apps.ts';
import type { DelegablePermission } from '../permissions.ts';
import type { Role } from '../roles.ts';

/**
 * Page frames of spec §2.1: `root` operator, `customer` enterprise admin/console, `access` login/public frame,
 * `index` user-facing, `mobile` the phone pages under `/m/` (no header, side menu or loading bar).
 */
export type Layout = 'index' | 'root' | 'customer' | 'access' | 'mobile';

/** `planned` until the issue that builds the page flips it to `built`. */
export type RouteStatus = 'built' | 'planned';

export interface RouteEntry {
  /** Unique, `<app>.<name>`, e.g. `appcenter.system`. */
  id: string;
  /** Owning micro-app. */
  app: MicroAppId;
  /** No leading slash, e.g. `appcenter/appsystem/{appId}`; optional param `{form?}`; literal `!` segments kept. */
  pattern: string;
  /** i18n key, `routes.<id>`. */
  title: string;
  /**
   * Lazy page module, `<app>/<PascalName>`: the micro-app whose chunk exports the page, the route's own app unless a
   * page of another app serves the route (forms.recycle is the application centre's bin).
   */
  page: string;
  layout: Layout;
  /** Empty = any signed-in user. */
  roles: Role[];
  /**
   * The configuration permission the page serves (decision 0045): a member it was delegated to may open the page
   * too, though their roles are not in `roles`. Only delegable permissions belong here.
   */
  permission?: DelegablePermission;
  /** Open to guests too (spec §6). */
  public?: boolean;
  /** False for the root/operator pages of spec §2.4, which never take a space prefix. */
  spaced: boolean;
  /** Fixed extra params handed to the page alongside the path params. */
  extra?: Record<string, string>;
  system?: 'qpaas' | 'qycloud';
  sandbox?: boolean;
  belong?: 'console' | 'header';
  /** Always opens in a new window. */
  newWindow?: boolean;
  /**
   * False for a page opened from a form or record (a bare menu entry would open it with nothing to show), and for
   * the second address of a page the menu already offers.
   */
  inMenu?: false;
  /** Who is offered the page in menus, when fewer than may open it by URL (e.g. a monitor grant on one form). */
  menuRoles?: Role[];
  status: RouteStatus;
}
