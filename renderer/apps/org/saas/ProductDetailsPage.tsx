import { Alert, Button, Card, Empty, Spin, Table } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '../../../../shared/api/org-saas.ts';
import { SAAS_API } from './saas-api.ts';
import { useGet } from '../../../shell/use-load.ts';

/** summarize/productDetails (spec §2.6, saas): the applications installed across the provider's spaces. */
export function ProductDetailsPage() {
  const { t } = useTranslation();
  const { data, error, reload } = useGet<{ products: ProductRow[] }>(`${SAAS_API}/products`);
  if (error) return <Alert type="error" className="qp-gap" content={t('saas.common.loadFailed', { message: error })} action={<Button onClick={reload}>{t('saas.common.reload')}</Button>} />;
  if (!data) return <Spin block loading className="qp-gap" />;
  return (
    <Card title={t('saas.products.title')} className="qp-gap" data-testid="saas-products">
      {data.products.length ? (
        <Table
          rowKey="name"
          data={data.products}
          columns={[
            { title: t('saas.products.name'), dataIndex: 'name' },
            { title: t('saas.products.spaces'), dataIndex: 'spaces' },
            { title: t('saas.products.spaceNames'), dataIndex: 'spaceNames', render: (_: unknown, p: ProductRow) => p.spaceNames.join(', ') },
          ]}
        />
      ) : (
        <Empty description={t('saas.products.empty')} />
      )}
    </Card>
  );
}
