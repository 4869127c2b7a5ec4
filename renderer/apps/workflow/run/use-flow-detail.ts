import { useCallback, useEffect, useRef, useState } from 'react';
import { TransportError } from '../../../kernel/transport.ts';
import { useServices } from '../../../shell/services.tsx';
import type { FlowDetail } from './types.ts';

/** What a record page knows of the record's flow: asking, none for this caller, the detail, or a failed load. */
export interface FlowDetailState {
  status: 'loading' | 'none' | 'ready' | 'error';
  detail: FlowDetail | null;
  error: string | null;
  reload(): Promise<void>;
}

/** Which instance: a record's (its form and id) or, for a draft that has no record yet, the instance itself. */
export type FlowTarget = { formId: string; recordId: string } | { instanceId: string };

const pathOf = (target: FlowTarget) =>
  'instanceId' in target ? `/api/workflow/instances/${target.instanceId}` : `/api/workflow/forms/${target.formId}/records/${target.recordId}`;

/**
 * The workflow detail of one record (server/apps/workflow/detail.ts). This file is imported by the forms record
 * page, so it stays small and free of screen code: the panel itself is a lazy chunk. A 404 (no flow, or no part in
 * it) and a 403 (no workflow app for this member) both mean "no flow here": the record page stays as it was.
 */
export function useFlowDetail(target: FlowTarget | null): FlowDetailState {
  const { api } = useServices();
  const path = target ? pathOf(target) : null;
  const [state, setState] = useState<Omit<FlowDetailState, 'reload'>>({ status: path ? 'loading' : 'none', detail: null, error: null });
  // A late answer for an earlier load must not replace a newer one.
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    if (!path) return setState({ status: 'none', detail: null, error: null });
    try {
      const answer = await api.get<FlowDetail>(path);
      if (mine === generation.current) setState({ status: 'ready', detail: answer.data, error: null });
    } catch (failure) {
      if (mine !== generation.current) return;
      const absent = failure instanceof TransportError && (failure.code === 404 || failure.code === 403);
      setState({ status: absent ? 'none' : 'error', detail: null, error: failure instanceof Error ? failure.message : null });
    }
  }, [api, path]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...state, reload };
}

/** Whether the record may be changed outside its flow: not while it runs, is returned, interrupted or invalid. */
export const heldByFlow = (flow: FlowDetailState) => flow.status === 'ready' && flow.detail !== null && flow.detail.instance.state !== 'approved';
