import type { RouteEntry } from '../types.ts';
import { routeGroup } from './define.ts';

const route = routeGroup('logic');

/** Logic orchestrator rule designer (spec §2.3). */
export const LOGIC_ROUTES: RouteEntry[] = [
  route('ruleDesignerList', 'qlangRuleDesignerList', 'QlangRuleDesignerListPage'),
  route('ruleDesigner', 'qlangRuleDesigner', 'QlangRuleDesignerPage'),
];
