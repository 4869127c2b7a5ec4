/** The view pages of the forms micro-app (wired in renderer/apps/forms/index.ts). */
export { AppViewPage } from './AppViewPage.tsx';
export { CascadesViewPage } from './CascadesViewPage.tsx';
export { CustomViewConfigPage } from './CustomViewConfigPage.tsx';
