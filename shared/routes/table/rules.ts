import type { RouteEntry } from '../types.ts';
import { CONSOLE, routeGroup } from './define.ts';

const route = routeGroup('rules');
const author = routeGroup('rules', { roles: ['admin', 'user'] });

/** Spec §2.3. The six creation steps share one page; the step is a fixed extra param. */
export const RULES_ROUTES: RouteEntry[] = [
  author('engine', 'rulesengine', 'RulesEnginePage'),
  author('createBase', 'rulesengine/create/base', 'RuleCreatePage', { extra: { step: 'base' } }),
  author('createStartType', 'rulesengine/create/starttype', 'RuleCreatePage', { extra: { step: 'starttype' } }),
  author('createStartRules', 'rulesengine/create/startrules', 'RuleCreatePage', { extra: { step: 'startrules' } }),
  author('createResultType', 'rulesengine/create/resulttype', 'RuleCreatePage', { extra: { step: 'resulttype' } }),
  author('createResultRules', 'rulesengine/create/resultrules', 'RuleCreatePage', { extra: { step: 'resultrules' } }),
  author('createEnd', 'rulesengine/create/end', 'RuleCreatePage', { extra: { step: 'end' } }),
  route('consoleEngine', 'console/tmp/rulesengine', 'RulesEnginePage', CONSOLE),
  route('designerList', 'ruledesigner', 'RuleDesignerListPage'),
  route('designer', 'ruledesigner/designer/{id}/{systemId}/{releaseId?}', 'RuleDesignerPage'),
  route('saasAddRule', 'saasconsole/system/addrule', 'SaasAddRulePage', { ...CONSOLE, roles: ['saas'] }),
  route('consoleDesigner', 'console/tmp/ruledesigner', 'RuleDesignerListPage', CONSOLE),
];
