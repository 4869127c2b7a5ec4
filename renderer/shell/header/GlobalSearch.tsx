import { AutoComplete } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { buildPath } from '../../../shared/routes/match.ts';
import { allowedRoutesAtom } from '../../kernel/atoms.ts';

const MAX_RESULTS = 12;

/** Global search over the pages and menus this user may open now (records join with later issues). */
export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = useAtomValue(allowedRoutesAtom);
  const [text, setText] = useState('');
  const candidates = useMemo(
    () =>
      allowed
        .filter((r) => !r.pattern.includes('{') && r.layout !== 'access')
        .map((r) => ({ route: r, label: t(r.title), app: t(`apps.${r.app}`) })),
    [allowed, t],
  );
  const needle = text.trim().toLowerCase();
  const results = needle
    ? candidates.filter((c) => c.label.toLowerCase().includes(needle) || c.app.toLowerCase().includes(needle)).slice(0, MAX_RESULTS)
    : [];

  return (
    <AutoComplete
      className="qp-search"
      placeholder={t('shell.search')}
      value={text}
      onChange={(value) => setText(String(value))}
      data={results.map((c) => ({ value: c.route.id, name: `${c.label} · ${c.app}` }))}
      onSelect={(id) => {
        const route = allowed.find((r) => r.id === id);
        setText('');
        if (route) navigate(buildPath(route, {}));
      }}
      data-testid="global-search"
    />
  );
}
