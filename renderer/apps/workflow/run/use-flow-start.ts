import { useCallback, useEffect, useState } from 'react';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import type { StartFlow } from './types.ts';

export type FlowStartState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'flow'; flow: StartFlow }
  | { status: 'error'; error: string; retry(): void };

/**
 * Whether a new record of the form starts a flow (GET /api/workflow/forms/:formId/start), for the forms "new
 * record" drawer: with a flow it shows the start node's form and submits through the engine. Imported by forms,
 * so it stays small. No workflow app for this member (403) or a form the engine does not know (404, 409) is "no
 * flow"; any other failure is shown with a retry rather than silently creating a record outside its flow.
 */
export function useFlowStart(formId: string): FlowStartState {
  const { api } = useServices();
  const [state, setState] = useState<FlowStartState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.get<{ flow?: StartFlow | null }>(`/api/workflow/forms/${formId}/start`).then(
      (answer) => live && setState(answer.data?.flow ? { status: 'flow', flow: answer.data.flow } : { status: 'none' }),
      (failure: unknown) => {
        if (!live) return;
        if (failure instanceof TransportError && [403, 404, 409].includes(failure.code)) setState({ status: 'none' });
        else setState({ status: 'error', error: failure instanceof Error ? failure.message : '', retry });
      },
    );
    return () => {
      live = false;
    };
  }, [api, formId, retry, round]);

  return state;
}
