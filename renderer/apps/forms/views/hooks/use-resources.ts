import { useEffect, useState } from 'react';
import type { FieldDef } from '../../../../../shared/forms/fields.ts';
import type { FilterGroup } from '../../../../../shared/forms/filters.ts';
import { useServices } from '../../../../shell/services.tsx';
import type { RecordLabels } from '../../record-form/types.ts';
import { fetchDistinctNamed } from '../records-api.ts';

/**
 * The rows of an occupy view: the options of a select/radio field, else the values the field has in records
 * (GET …/distinct: a member or related record that was never booked has no row).
 */
export function useResources(formId: string, field: FieldDef | undefined, filter: FilterGroup | undefined, reloadKey: number) {
  const { api } = useServices();
  const [values, setValues] = useState<string[]>(field?.options ?? []);
  const [labels, setLabels] = useState<RecordLabels>({});
  const [error, setError] = useState<string | null>(null);
  const request = JSON.stringify([formId, field?.key, field?.options, filter, reloadKey]);
  useEffect(() => {
    if (!field) return;
    if (field.options?.length) {
      setValues(field.options);
      return;
    }
    let live = true;
    fetchDistinctNamed(api, formId, field, filter).then(
      (answer) => {
        if (!live) return;
        setValues(answer.values.map((d) => d.value).filter((v): v is string | number => v !== null).map(String));
        setLabels(answer.labels);
        setError(null);
      },
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
    // `request` stands for every input of the requests.
  }, [api, request]);
  return { values, labels, error };
}
