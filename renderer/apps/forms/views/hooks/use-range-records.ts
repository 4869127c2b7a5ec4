import { useEffect, useState } from 'react';
import { PAGE_SIZE_MAX } from '../../../../../shared/constants.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import type { RecordLabels } from '../../record-form/types.ts';
import { fetchRecords } from '../records-api.ts';
import type { RecordRow } from '../types.ts';

/**
 * Every record of a time window in one request (calendar, occupy): at most 999 (§5/§9 paging maximum);
 * `more` says the window holds more than were shown.
 */
export function useRangeRecords(formId: string, filter: FilterGroup | undefined, columns: readonly string[] | undefined, reloadKey: number) {
  const { api } = useServices();
  const [records, setRecords] = useState<RecordRow[]>([]);
  const [labels, setLabels] = useState<RecordLabels>({});
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const request = JSON.stringify([formId, filter, columns, reloadKey]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchRecords(api, formId, { filter, columns, pageSize: PAGE_SIZE_MAX }).then(
      (answer) => {
        if (!live) return;
        setRecords(answer.records);
        setLabels(answer.labels ?? {});
        setMore(answer.nextCursor !== null);
        setError(null);
        setLoading(false);
      },
      (failure: Error) => live && (setRecords([]), setError(failure.message), setLoading(false)),
    );
    return () => {
      live = false;
    };
    // `request` stands for every input of the request.
  }, [api, request]);
  return { records, labels, more, loading, error };
}
