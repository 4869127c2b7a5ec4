import { Input } from '@arco-design/web-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonCheck } from './flow-model.ts';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  required: boolean;
  /** Show the verdict (after a first try to send): not while the user is still typing the first words. */
  showProblem: boolean;
  testId: string;
}

/**
 * A reason or note of at most 60 characters as the server counts them (code points of the trimmed text): the
 * counter turns red over the limit. The browser's own maxLength counts UTF-16 units, so it is not used.
 */
export function ReasonField({ label, value, onChange, required, showProblem, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const { count, max, problem } = reasonCheck(value, required);
  const over = count > max;
  const problemText =
    problem === 'required' ? t('workflow.reasonRequired') : problem === 'tooLong' ? t('workflow.reasonTooLong', { max }) : problem === 'control' ? t('workflow.reasonControl') : null;
  return (
    <div className="qp-wf-reason">
      <label htmlFor={id} className="qp-wf-label">
        {label}
        {required && <span className="qp-wf-required" aria-hidden="true"> *</span>}
      </label>
      <Input.TextArea
        id={id}
        value={value}
        onChange={onChange}
        autoSize={{ minRows: 2, maxRows: 5 }}
        aria-required={required}
        aria-invalid={showProblem && problem !== null}
        aria-describedby={`${id}-count`}
        status={(showProblem && problem) || over ? 'error' : undefined}
        data-testid={testId}
      />
      <div className="qp-wf-reason-foot">
        <span className="qp-wf-problem" role="alert" data-testid={`${testId}-problem`}>
          {showProblem ? problemText : null}
        </span>
        <span id={`${id}-count`} className={over ? 'qp-wf-count qp-wf-count-over' : 'qp-wf-count'} data-testid={`${testId}-count`}>
          {t('workflow.ui.reason.count', { count, max })}
        </span>
      </div>
    </div>
  );
}
