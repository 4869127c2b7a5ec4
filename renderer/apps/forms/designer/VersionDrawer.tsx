import { Button, Drawer, Empty, List, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DesignVersion } from './use-designer.ts';

export interface VersionDrawerProps {
  visible: boolean;
  versions: readonly DesignVersion[];
  current: number;
  onClose(): void;
  onPreview(version: number): void;
  /** Copies a published definition into the draft (nothing is published until the user publishes). */
  onRestore(version: DesignVersion): void;
}

/** Published versions, newest first: when, how many fields, preview, or start the draft over from one. */
export function VersionDrawer({ visible, versions, current, onClose, onPreview, onRestore }: VersionDrawerProps) {
  const { t, i18n } = useTranslation();
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  return (
    <Drawer width={420} title={t('forms.ui.versions.title')} visible={visible} onCancel={onClose} footer={null} data-testid="designer-versions">
      {sorted.length === 0 ? (
        <Empty description={t('forms.ui.versions.none')} />
      ) : (
        <List
          dataSource={sorted}
          render={(version: DesignVersion) => (
            <List.Item
              key={version.version}
              actions={[
                <Button key="preview" size="mini" type="text" onClick={() => onPreview(version.version)}>{t('forms.ui.designer.preview')}</Button>,
                <Popconfirm key="restore" title={t('forms.ui.versions.restoreConfirm', { version: version.version })} onOk={() => onRestore(version)}>
                  <Button size="mini" type="text">{t('forms.ui.versions.restore')}</Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size="small">
                    <Typography.Text bold>{t('forms.ui.versions.version', { version: version.version })}</Typography.Text>
                    {version.version === current && <Tag color="green" size="small">{t('forms.ui.versions.current')}</Tag>}
                  </Space>
                }
                description={t('forms.ui.versions.meta', {
                  at: new Date(version.publishedAt).toLocaleString(i18n.language),
                  n: version.definition?.fields?.length ?? 0,
                })}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
