import { Button, Empty, Grid, Statistic, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { AiMemberUsage, AiUsageView } from '../../../shared/ai.ts';

/**
 * This month's AI use of the whole space (decision 0047): tokens, calls and failures, the budget's share used, and
 * the members who used the most. Calls of every feature count; the administrator's test calls do not.
 */
export function AiUsagePanel(props: { usage: AiUsageView; onRefresh: () => void }) {
  const { t, i18n } = useTranslation();
  const { usage } = props;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <section aria-labelledby="qp-ai-usage" data-testid="ai-usage">
      <h3 id="qp-ai-usage">
        {t('org.ai.usage.title', { month: usage.month })}{' '}
        <Button size="mini" type="text" onClick={props.onRefresh} data-testid="ai-usage-refresh">
          {t('org.ai.usage.refresh')}
        </Button>
      </h3>
      {usage.calls === 0 ? (
        <Empty description={t('org.ai.usage.empty')} data-testid="ai-usage-empty" />
      ) : (
        <>
          <Grid.Row gutter={[16, 16]}>
            <Grid.Col span={8} data-testid="ai-usage-tokens">
              <Statistic title={t('org.ai.usage.totalTokens')} value={usage.totalTokens} groupSeparator />
              <span className="qp-muted">{t('org.ai.usage.tokensInOut', { in: number(usage.tokensIn), out: number(usage.tokensOut) })}</span>
            </Grid.Col>
            <Grid.Col span={8} data-testid="ai-usage-calls">
              <Statistic title={t('org.ai.usage.calls')} value={usage.calls} groupSeparator />
            </Grid.Col>
            <Grid.Col span={8} data-testid="ai-usage-failures">
              <Statistic title={t('org.ai.usage.failures')} value={usage.failures} groupSeparator />
            </Grid.Col>
          </Grid.Row>
          <div className="qp-gap" data-testid="ai-usage-budget">
            {usage.budget === null ? (
              <span className="qp-muted">{t('org.ai.usage.noBudget')}</span>
            ) : (
              <>
                <span>{t('org.ai.usage.budget', { used: number(usage.totalTokens), budget: number(usage.budget) })}</span>
                {/* The native element: Arco's Progress does not pass a name to its progressbar (axe: aria-progressbar-name). */}
                <progress value={Math.min(usage.totalTokens, usage.budget)} max={usage.budget} aria-label={t('org.ai.budget')} style={{ display: 'block', width: '100%' }} />
              </>
            )}
          </div>
          <h4>{t('org.ai.usage.topMembers')}</h4>
          <Table
            rowKey={(row: AiMemberUsage) => row.userId ?? 'platform'}
            pagination={false}
            data={usage.topMembers}
            data-testid="ai-usage-members"
            columns={[
              { title: t('org.ai.usage.member'), render: (_: unknown, row: AiMemberUsage) => (row.userId ? `${row.name} (${row.loginId})` : t('org.ai.usage.platform')) },
              { title: t('org.ai.usage.tokens'), render: (_: unknown, row: AiMemberUsage) => number(row.tokens) },
              { title: t('org.ai.usage.calls'), render: (_: unknown, row: AiMemberUsage) => number(row.calls) },
              { title: t('org.ai.usage.failures'), render: (_: unknown, row: AiMemberUsage) => number(row.failures) },
            ]}
          />
        </>
      )}
    </section>
  );
}
