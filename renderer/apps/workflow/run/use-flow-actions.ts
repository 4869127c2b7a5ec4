import { Message } from '@arco-design/web-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../../shared/forms/validate.ts';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import { serverFieldErrors } from '../../forms/record-form/validation.ts';
import type { ActionInput } from './types.ts';

export interface FlowActions {
  /** The action being sent, or null. */
  busy: string | null;
  /** The server's refusal of the last action, already in the user's language (the transport translates it). */
  error: string | null;
  /** Field errors of a refused decision (a 422 about the values), for the record form to show. */
  fieldErrors: FieldError[];
  clearError(): void;
  run(action: string, input: ActionInput): Promise<boolean>;
}

/**
 * Sends one action on an instance and reloads the detail after it, so the page shows what the server decided.
 * A refused action leaves everything as it was and says why; a 409 (someone acted meanwhile, the state moved on)
 * reloads too, since the buttons shown no longer match the instance.
 */
export function useFlowActions(instanceId: string, reload: () => Promise<unknown> | void): FlowActions {
  const { t } = useTranslation();
  const { api } = useServices();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);

  const run = useCallback(
    async (action: string, input: ActionInput) => {
      setBusy(action);
      setError(null);
      setFieldErrors([]);
      try {
        await api.post(`/api/workflow/instances/${instanceId}/${action}`, input, { json: true });
        Message.success(t(`workflow.ui.done.${action}`));
        setBusy(null);
        await reload();
        return true;
      } catch (failure) {
        setError(failure instanceof Error && failure.message ? failure.message : t('common.operationFailed'));
        setFieldErrors(serverFieldErrors(failure));
        setBusy(null);
        if (failure instanceof TransportError && failure.code === 409) await reload();
        return false;
      }
    },
    [api, instanceId, reload, t],
  );

  return { busy, error, fieldErrors, clearError: useCallback(() => setError(null), []), run };
}
