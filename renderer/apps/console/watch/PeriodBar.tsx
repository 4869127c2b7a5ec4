import { Button, Select, Space } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WATCH_PERIODS, type WatchPeriod } from '../../../../shared/api/console-watch.ts';

/** The period chooser and refresh button every watch page shows above its figures. */
export function PeriodBar({ period, onPeriod, onRefresh, children }: { period: WatchPeriod; onPeriod(p: WatchPeriod): void; onRefresh(): void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space wrap className="qp-gap">
      {children}
      <Select
        style={{ width: 160 }}
        value={period}
        onChange={(p: WatchPeriod) => onPeriod(p)}
        aria-label={t('console.watch.period')}
        data-testid="watch-period"
        options={(Object.keys(WATCH_PERIODS) as WatchPeriod[]).map((p) => ({ value: p, label: t(`console.watch.period.${p}`) }))}
      />
      <Button icon={<IconRefresh />} onClick={onRefresh} data-testid="watch-refresh" data-track="watch-refresh">
        {t('console.watch.refresh')}
      </Button>
    </Space>
  );
}
