import { Alert, Card, Collapse, Empty, Input, Spin, Table, Tag, Typography } from '@arco-design/web-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenApiDocument } from '../../../../shared/api/account-developer.ts';
import { OPENAPI_PATH } from '../../../../shared/api/account-developer.ts';
import { useServices } from '../../../shell/services.tsx';
import type { PageProps } from '../../types.ts';
import { developerApi } from './developer-api.ts';
import { describeSchema, operationsByTag, searchOperations, type Operation } from './reference-model.ts';

const METHOD_COLORS: Record<string, string> = { GET: 'arcoblue', POST: 'green', PUT: 'orange', PATCH: 'purple', DELETE: 'red' };

function PropertyTable({ rows, testId }: { rows: Array<{ name: string; where?: string; required: boolean; schema: Record<string, unknown> }>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table size="mini" rowKey="name" pagination={false} data={rows} data-testid={testId} border={false}
      columns={[
        { title: t('account.developer.centre.name'), dataIndex: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        ...(rows.some((r) => r.where) ? [{ title: t('account.developer.centre.in'), dataIndex: 'where' }] : []),
        { title: t('account.developer.centre.type'), dataIndex: 'schema', render: (v: Record<string, unknown>) => describeSchema(v) },
        { title: t('account.developer.centre.required'), dataIndex: 'required', render: (v: boolean) => (v ? '✓' : '') },
      ]} />
  );
}

function OperationDetail({ operation }: { operation: Operation }) {
  const { t } = useTranslation();
  const bodyProperties = (operation.body?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = (operation.body?.required ?? []) as string[];
  return (
    <div data-testid={`op-detail-${operation.key}`}>
      <Typography.Text bold>{t('account.developer.centre.parameters')}</Typography.Text>
      {operation.parameters.length ? (
        <PropertyTable testId="op-parameters" rows={operation.parameters.map((p) => ({ name: p.name, where: p.in, required: p.required, schema: p.schema }))} />
      ) : <Typography.Paragraph type="secondary">{t('account.developer.centre.none')}</Typography.Paragraph>}
      <Typography.Text bold>{t('account.developer.centre.body')}</Typography.Text>
      {operation.body ? (
        <PropertyTable testId="op-body" rows={Object.entries(bodyProperties).map(([name, schema]) => ({ name, required: required.includes(name), schema }))} />
      ) : <Typography.Paragraph type="secondary">{t('account.developer.centre.none')}</Typography.Paragraph>}
    </div>
  );
}

/**
 * developercenter (spec §2.5, public; decision 0059): how to call the platform with a developer token, and the
 * reference of the calls a token may make, drawn from the server's own OpenAPI document (no swagger-ui: a list
 * grouped by tag, searchable, each operation with its parameters and body).
 */
export function DeveloperCenterPage(_: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [document, setDocument] = useState<OpenApiDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  useEffect(() => {
    developerApi(api).reference().then(setDocument, (failure: Error) => setError(failure.message));
  }, [api]);
  const groups = useMemo(() => (document ? searchOperations(operationsByTag(document), search) : []), [document, search]);
  const origin = globalThis.location?.origin ?? '';
  const curl = `curl -H "Authorization: Bearer qpd_<space>_<token>" \\\n  "${origin}/api/appcenter/apps"`;

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('routes.account.developerCenter')}</h1>} data-testid="developer-centre">
      <Typography.Title heading={5}>{t('account.developer.centre.howTitle')}</Typography.Title>
      <ol data-testid="developer-how">
        <li>{t('account.developer.centre.step1')}</li>
        <li>{t('account.developer.centre.step2')}</li>
        <li>{t('account.developer.centre.step3')}</li>
      </ol>
      <Typography.Paragraph code copyable={{ text: curl }} data-testid="developer-curl" style={{ whiteSpace: 'pre-wrap' }}>{curl}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('account.developer.centre.rules')}</Typography.Paragraph>
      <Typography.Title heading={5}>{t('account.developer.centre.referenceTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('account.developer.centre.openapi')} <a href={OPENAPI_PATH} target="_blank" rel="noreferrer">{OPENAPI_PATH}</a>
      </Typography.Paragraph>
      <Input.Search allowClear value={search} onChange={setSearch} placeholder={t('account.developer.centre.search')} aria-label={t('account.developer.centre.search')} style={{ maxWidth: 420, marginBottom: 12 }} data-testid="developer-search" />
      {error && <Alert type="error" content={error} />}
      {!document && !error && <Spin />}
      {document && groups.length === 0 && <Empty description={t('account.developer.centre.noMatch')} />}
      {groups.map((group) => (
        <section key={group.tag} data-testid={`op-group-${group.tag}`}>
          <Typography.Title heading={6}>{`${group.tag} (${group.operations.length})`}</Typography.Title>
          <Collapse lazyload bordered={false}>
            {group.operations.map((operation) => (
              <Collapse.Item key={operation.key} name={operation.key} data-testid={`op-${operation.key}`}
                header={<span><Tag color={METHOD_COLORS[operation.method] ?? 'gray'} style={{ minWidth: 64, textAlign: 'center' }}>{operation.method}</Tag> <Typography.Text code>{operation.path}</Typography.Text> <Typography.Text type="secondary">{operation.summary}</Typography.Text></span>}>
                <OperationDetail operation={operation} />
              </Collapse.Item>
            ))}
          </Collapse>
        </section>
      ))}
    </Card>
  );
}
