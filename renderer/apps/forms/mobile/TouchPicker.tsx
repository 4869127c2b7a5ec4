import { Button, Drawer, Empty, Input, Spin } from '@arco-design/web-react';
import { IconCheck, IconDown } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  /** The field's label: the drawer's title and the trigger's name. */
  label: string;
  placeholder: string;
  multiple?: boolean;
  value: readonly string[];
  /** Shown names of chosen values the choices do not hold (a record's current member). */
  known?: Record<string, string>;
  /** null while loading. */
  choices: readonly Choice[] | null;
  /** Search on the server (relations); without it the choices are filtered here by their names. */
  onSearch?(text: string): void;
  onOpen?(): void;
  onChange(value: string[]): void;
  disabled?: boolean;
  testId: string;
}

/**
 * A choice by touch: the field shows what is chosen; tapping it opens a full-screen drawer with a search and one
 * large row per choice (a single choice closes it, several are confirmed with "done"). Used for drop-downs, people,
 * departments and related records, whose Arco pop-ups are small targets at a phone's width.
 */
export function TouchPicker({ label, placeholder, multiple, value, known, choices, onSearch, onOpen, onChange, disabled, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const nameOf = (id: string) => choices?.find((c) => c.value === id)?.label ?? known?.[id] ?? `#${id}`;
  const shown = value.map(nameOf).join(', ');
  const needle = text.trim().toLowerCase();
  const visible = onSearch || !needle ? (choices ?? []) : (choices ?? []).filter((c) => c.label.toLowerCase().includes(needle));

  const start = () => {
    setText('');
    setPicked([...value]);
    setOpen(true);
    onOpen?.();
  };
  const choose = (id: string) => {
    if (!multiple) {
      onChange([id]);
      return setOpen(false);
    }
    setPicked((old) => (old.includes(id) ? old.filter((v) => v !== id) : [...old, id]));
  };
  const chosen = multiple ? picked : value;

  return (
    <>
      <button type="button" className="qp-mf-picker" disabled={disabled} onClick={start} aria-label={`${label}: ${shown || placeholder}`} data-testid={testId}>
        <span className={shown ? 'qp-mf-picker-value' : 'qp-mf-picker-placeholder'}>{shown || placeholder}</span>
        <IconDown />
      </button>
      <Drawer
        visible={open}
        placement="bottom"
        height="100%"
        className="qp-mf-drawer"
        title={label}
        onCancel={() => setOpen(false)}
        unmountOnExit
        footer={
          <div className="qp-mf-picker-footer">
            <Button className="qp-mf-touch" onClick={() => (onChange([]), setOpen(false))} data-testid={`${testId}-clear`}>
              {t('forms.mobile.clear')}
            </Button>
            {multiple && (
              <Button type="primary" className="qp-mf-touch" onClick={() => (onChange(picked), setOpen(false))} data-testid={`${testId}-done`}>
                {t('forms.mobile.done')}
              </Button>
            )}
          </div>
        }
      >
        <Input.Search
          className="qp-mf-touch"
          allowClear
          value={text}
          onChange={(next) => (setText(next), onSearch?.(next))}
          placeholder={t('forms.mobile.pickerSearch')}
          aria-label={t('forms.mobile.pickerSearch')}
        />
        {choices === null ? (
          <Spin className="qp-mf-inline-spin" />
        ) : visible.length === 0 ? (
          <Empty description={t('forms.ui.input.noMatch')} />
        ) : (
          <div className="qp-mf-options" role="group" aria-label={label}>
            {visible.map((choice) => {
              const on = chosen.includes(choice.value);
              return (
                <button
                  type="button"
                  key={choice.value}
                  className={on ? 'qp-mf-option qp-mf-option-on' : 'qp-mf-option'}
                  aria-pressed={on}
                  onClick={() => choose(choice.value)}
                  data-testid={`${testId}-option-${choice.value}`}
                >
                  <span>{choice.label}</span>
                  {on && <IconCheck />}
                </button>
              );
            })}
          </div>
        )}
      </Drawer>
    </>
  );
}
