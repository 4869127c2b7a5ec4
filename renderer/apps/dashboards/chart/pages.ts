import type { PageModule } from '../../types.ts';
import { CombineDesignerPage } from './CombineDesignerPage.tsx';
import { RatioViewConfigPage } from './ratio/RatioViewConfigPage.tsx';

/** The chart pages: the chart designer and a form's ratio views (route forms.ratioView, served from this chunk). */
export const chartPages: PageModule['pages'] = { CombineDesignerPage, RatioViewConfigPage };
