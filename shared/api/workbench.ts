import { Type, type Static } from '@sinclair/typebox';
import { Strict } from './common.ts';

/** The workbench's apps: favourites first, then the most recently opened, then the rest. */
export const MY_APPS_LIMIT = 60;

export const FavouriteBody = Strict({ favourite: Type.Boolean() });

export interface MyApp {
  id: string;
  systemId: string;
  name: string;
  icon: string;
  description: string;
  favourite: boolean;
  /** When this member last opened the app here; null if never. */
  openedAt: string | null;
}
export type FavouriteBodyType = Static<typeof FavouriteBody>;

/** A record on the workbench's "recently viewed" or "recently changed" list, as its viewer may see it now. */
export interface RecentRecord {
  appId: string;
  appName: string;
  formId: string;
  formName: string;
  recordId: string;
  number: string | null;
  /** The form's title field as text; null when it has none or it is empty. */
  title: string | null;
  at: string;
}
