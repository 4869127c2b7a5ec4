import { Result } from '@arco-design/web-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MicroAppId } from '../../shared/apps.ts';
import type { RouteEntry } from '../../shared/routes/types.ts';
import { APP_MODULES } from '../apps/index.ts';
import type { PageModule, PageProps } from '../apps/types.ts';

/** Spec §2.1: a page or stylesheet chunk that cannot be loaded says the asset does not exist. */
export function AssetMissingPage() {
  const { t } = useTranslation();
  return <Result status="error" title={t('common.assetMissing')} data-testid="asset-missing" />;
}

/** A route whose page is not built yet says so plainly, in the user's language. */
export function PlannedPage({ match }: PageProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('shell.planned')}
      subTitle={t('shell.plannedHint', { title: t(match.route.title), app: t(`apps.${match.route.app}`) })}
      data-testid="planned-page"
    />
  );
}

export type ModuleLoader = (route: RouteEntry) => Promise<PageModule> | null;

/** The chunk named by the page (`<app>/<Name>`): usually the route's own app, sometimes the app whose page serves it. */
export const chunkOf = (route: RouteEntry) => (route.page.split('/')[0] ?? route.app) as MicroAppId;

const defaultLoader: ModuleLoader = (route) => APP_MODULES[chunkOf(route)]?.() ?? null;

/** Resolves the component of a route: planned → PlannedPage; a failed chunk or missing export → AssetMissingPage. */
export async function resolvePage(route: RouteEntry, load: ModuleLoader = defaultLoader): Promise<ComponentType<PageProps>> {
  if (route.status === 'planned') return PlannedPage;
  const name = route.page.split('/')[1] ?? '';
  try {
    const module = await load(route);
    return module?.pages[name] ?? AssetMissingPage;
  } catch {
    return AssetMissingPage;
  }
}

const lazyPages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** One lazy component per page module path, so React suspends only the first time a page is opened. */
export function lazyPage(route: RouteEntry): LazyExoticComponent<ComponentType<PageProps>> {
  const key = `${route.page}|${route.status}`;
  let page = lazyPages.get(key);
  if (!page) lazyPages.set(key, (page = lazy(() => resolvePage(route).then((component) => ({ default: component })))));
  return page;
}
