import { Button, Space } from '@arco-design/web-react';
import { IconBold, IconItalic, IconOrderedList, IconUnorderedList } from '@arco-design/web-react/icon';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeHtml } from './sanitize.ts';
import type { FieldInputProps } from './types.ts';

/** Rich text as the server stored (and cleaned) it; cleaned again here, see sanitize.ts. */
export function RichTextView({ html }: { html: string }) {
  return <div className="qp-rf-richtext-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

const COMMANDS = [
  { command: 'bold', icon: <IconBold />, label: 'forms.ui.input.bold' },
  { command: 'italic', icon: <IconItalic />, label: 'forms.ui.input.italic' },
  { command: 'insertUnorderedList', icon: <IconUnorderedList />, label: 'forms.ui.input.bulletList' },
  { command: 'insertOrderedList', icon: <IconOrderedList />, label: 'forms.ui.input.numberedList' },
] as const;

/**
 * richtext: a contentEditable editor with bold, italic and lists. The DOM is the editor's state while the user
 * types; React only writes into it when the value changes from outside (a reset, a default), so the caret
 * never jumps.
 */
export function RichTextInput({ value, onChange, disabled, field }: FieldInputProps) {
  const { t } = useTranslation();
  const editor = useRef<HTMLDivElement>(null);
  const html = typeof value === 'string' ? value : '';

  useEffect(() => {
    const node = editor.current;
    if (node && node.innerHTML !== html) node.innerHTML = sanitizeHtml(html);
  }, [html]);

  const emit = () => {
    const node = editor.current;
    if (!node) return;
    // An editor emptied by the user often keeps a lone <br>: that is no content, and "required" must see it.
    onChange(node.textContent?.trim() === '' && !node.querySelector('li') ? null : node.innerHTML);
  };

  const run = (command: string) => {
    editor.current?.focus();
    // execCommand is deprecated but still the only built-in editing command set in every browser.
    document.execCommand(command);
    emit();
  };

  return (
    <div className={`qp-rf-richtext${disabled ? ' qp-rf-richtext-disabled' : ''}`}>
      <Space size={4} className="qp-rf-richtext-bar">
        {COMMANDS.map((c) => (
          <Button key={c.command} size="mini" type="text" icon={c.icon} disabled={disabled} title={t(c.label)} aria-label={t(c.label)}
            onMouseDown={(event) => event.preventDefault()} onClick={() => run(c.command)} />
        ))}
      </Space>
      <div
        ref={editor}
        className="qp-rf-richtext-area"
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline
        aria-label={field.label}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
