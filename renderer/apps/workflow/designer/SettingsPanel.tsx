import { Button, Drawer, Empty, Form, List, Popconfirm, Radio, Space, Switch, Tag, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { FlowVersionDetail, FlowVersionSummary } from '../../../../shared/api/workflow-design.ts';
import type { FlowSettings } from '../../../../shared/workflow/model.ts';
import { IdsPicker } from './pickers.tsx';

const SWITCHES = ['allowWithdraw', 'allowRetrieve', 'initiatorMayInterrupt', 'allowInvalidateApproved'] as const;

/** The whole flow's settings, shown when no node is selected. */
export function SettingsPanel({ settings, problems, onChange }: { settings: FlowSettings; problems: string[]; onChange(settings: FlowSettings): void }) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" className="qp-flow-form" data-testid="flow-settings">
      <Typography.Title heading={6}>{t('workflow.designerUi.settings.title')}</Typography.Title>
      {problems.map((p, i) => <Typography.Paragraph key={i} type="error">{p}</Typography.Paragraph>)}
      {SWITCHES.map((key) => (
        <Form.Item key={key} label={t(`workflow.designerUi.settings.${key}`)}>
          <Switch checked={settings[key]} onChange={(on) => onChange({ ...settings, [key]: on })} aria-label={t(`workflow.designerUi.settings.${key}`)} data-testid={`flow-setting-${key}`} />
        </Form.Item>
      ))}
      <Form.Item label={t('workflow.designerUi.settings.autoDedupe')}>
        <Radio.Group direction="vertical" value={settings.autoDedupe} onChange={(autoDedupe: FlowSettings['autoDedupe']) => onChange({ ...settings, autoDedupe })}
          aria-label={t('workflow.designerUi.settings.autoDedupe')}>
          {(['none', 'all', 'consecutive'] as const).map((mode) => <Radio key={mode} value={mode}>{t(`workflow.designerUi.settings.dedupe.${mode}`)}</Radio>)}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('workflow.designerUi.settings.managers')}>
        <IdsPicker kind="members" ids={settings.managers} onChange={(managers) => onChange({ ...settings, managers })} testId="flow-managers" label={t('workflow.designerUi.assignee.pickMembers')} />
      </Form.Item>
    </Form>
  );
}

interface VersionsProps {
  visible: boolean;
  versions: readonly FlowVersionSummary[];
  current: number;
  onClose(): void;
  load(version: number): Promise<FlowVersionDetail>;
  onRestore(detail: FlowVersionDetail): void;
}

/** Published versions, newest first, with who published them and when; one can be copied into the draft. */
export function VersionsDrawer({ visible, versions, current, onClose, load, onRestore }: VersionsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Drawer width={420} title={t('workflow.designerUi.versions.title')} visible={visible} onCancel={onClose} footer={null} data-testid="flow-versions">
      {versions.length === 0 ? (
        <Empty description={t('workflow.designerUi.versions.none')} />
      ) : (
        <List
          dataSource={[...versions]}
          render={(version: FlowVersionSummary) => (
            <List.Item
              key={version.version}
              data-testid={`flow-version-${version.version}`}
              actions={[
                <Popconfirm key="restore" title={t('workflow.designerUi.versions.restoreConfirm', { version: version.version })} onOk={async () => onRestore(await load(version.version))}>
                  <Button size="mini" type="text">{t('workflow.designerUi.versions.restore')}</Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size="small">
                    <Typography.Text bold>{t('workflow.designerUi.versions.version', { version: version.version })}</Typography.Text>
                    {version.version === current && <Tag color="green" size="small">{t('workflow.designerUi.versions.current')}</Tag>}
                  </Space>
                }
                description={t('workflow.designerUi.versions.meta', { at: new Date(version.publishedAt).toLocaleString(i18n.language), by: version.publishedByName ?? '—' })}
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
