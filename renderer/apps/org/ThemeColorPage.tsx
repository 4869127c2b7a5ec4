import { Alert, Button, Card, Form, Radio, Spin, Switch } from '@arco-design/web-react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SKINS } from '../../../shared/constants.ts';
import { APPEARANCE_PATH, themeProblem, type Appearance, type ThemeSetting } from '../../../shared/org/appearance.ts';
import { skinAtom } from '../../kernel/atoms.ts';
import { kernelStorage } from '../../kernel/storage.ts';
import { useAppearance } from '../../shell/appearance.ts';
import { useServices } from '../../shell/services.tsx';
import { SettingsLoadFailed, useSettingsForm } from '../../shell/settings-form.tsx';
import { SKIN_THEMES } from '../../shell/skins.ts';
import './appearance.css';

/** A skin's swatch: its primary colour on its own background (the system theme half light, half dark). */
function swatch(skin: (typeof SKINS)[number]): string {
  const { primary, dark } = SKIN_THEMES[skin];
  if (dark === 'system') return `linear-gradient(135deg, #fff 50%, #17171a 50%)`;
  return dark ? `radial-gradient(${primary} 45%, #17171a 50%)` : primary;
}

/**
 * themeColor and console/stylesheet (spec §2.6, admin; decision 0037): the space's default skin among the nine of
 * §9, and whether members may pick their own in the header. Dark mode is a skin there (deep black; the system theme
 * follows the device). A save repaints this tab at once; members see it at their next page load.
 */
export function ThemeColorPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { update } = useAppearance();
  const shownSkin = useAtomValue(skinAtom);
  const form = useSettingsForm<ThemeSetting>({
    load: async () => (await api.get<Appearance>(APPEARANCE_PATH)).data.theme,
    store: async (value) => (await api.put<ThemeSetting>(`${APPEARANCE_PATH}/theme`, value, { json: true })).data,
    savedMessage: t('org.theme.saved'),
    check: (value) => {
      const problem = themeProblem(value);
      return problem ? t(problem.key, problem.params) : null;
    },
    onSaved: (theme) => update({ theme }),
  });
  const { draft, setDraft, error, setError, busy, save } = form;

  if (form.loadError) return <SettingsLoadFailed title={t('org.theme.title')} error={form.loadError} onRetry={form.reload} />;
  if (!draft) return <Spin block loading className="qp-gap" />;

  const own = kernelStorage.skin();
  return (
    <Card title={t('org.theme.title')} data-testid="theme-setting">
      <p className="qp-muted">{t('org.theme.hint')}</p>
      {error && <Alert type="error" content={error} className="qp-gap" closable onClose={() => setError(null)} data-testid="theme-error" />}
      {draft.membersChoose && own && own === shownSkin && <Alert type="info" className="qp-gap" content={t('org.theme.ownWins', { skin: t(`shell.skins.${own}`) })} data-testid="theme-own-wins" />}
      <Form layout="vertical" style={{ maxWidth: 720 }} onSubmit={() => void save(draft)}>
        <Form.Item label={t('org.theme.skin')}>
          <Radio.Group value={draft.skin} onChange={(skin: ThemeSetting['skin']) => setDraft({ ...draft, skin })} className="qp-skin-choices" aria-label={t('org.theme.skin')}>
            {SKINS.map((skin) => (
              <Radio key={skin} value={skin} data-testid={`theme-skin-${skin}`}>
                <span className="qp-skin-swatch" style={{ background: swatch(skin) }} aria-hidden />
                {t(`shell.skins.${skin}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('org.theme.membersChoose')} extra={t('org.theme.membersChooseHelp')}>
          <Switch checked={draft.membersChoose} onChange={(membersChoose: boolean) => setDraft({ ...draft, membersChoose })} aria-label={t('org.theme.membersChoose')} data-testid="theme-members-choose" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="theme-save">
          {t('org.theme.save')}
        </Button>
      </Form>
    </Card>
  );
}
