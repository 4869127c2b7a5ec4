import type { PageModule } from '../../types.ts';
import { CombineDesignerPage } from './CombineDesignerPage.tsx';

/** The chart pages (issue 16): the chart designer. Ratio views live in the forms app (RatioViewConfigPage). */
export const chartPages: PageModule['pages'] = { CombineDesignerPage };
