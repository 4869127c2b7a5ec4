import { describe, expect, it } from 'vitest';
import type { GlobalFilter } from '../../../../shared/dashboards/model.ts';
import type { AnalysisField, FormFields } from './boards-api.ts';
import { candidateOf, chartsReached, conditionOf, controlFor, filterCandidates, filterValues, targetsFor } from './global-filters.ts';

const field = (ref: string, label: string, kind: AnalysisField['kind'], extra: Partial<AnalysisField> = {}): AnalysisField => ({ ref, label, kind, fieldType: kind === 'ref' ? 'member' : 'text', numeric: kind === 'number', ...extra });
const form = (formId: string, fields: AnalysisField[]): FormFields => ({ formId, formName: `Form ${formId}`, appId: '1', fields });

const inspection = form('10', [
  field('f1', 'Line', 'text', { fieldType: 'select', options: ['L1', 'L2'] }),
  field('f2', 'Inspector', 'ref'),
  field('f3', 'Checked on', 'date'),
  field('f4', 'Score', 'number'),
  field('f9.f1', 'Line', 'text', { via: { relation: 'f9', relationLabel: 'Machine' } }),
]);
const downtime = form('11', [field('f1', 'Reason', 'text'), field('f5', ' line ', 'text', { fieldType: 'select', options: ['L3'] }), field('f6', 'Score', 'text')]);
const maintenance = form('12', [field('f2', 'Line', 'number')]);

describe('global filter targets (same field name and kind on each form of the board)', () => {
  it('offers each name and kind once, the most shared first, with the union of their options', () => {
    const candidates = filterCandidates([inspection, downtime, maintenance]);
    expect(candidates[0]).toEqual({ label: 'Line', kind: 'text', forms: 2, options: ['L1', 'L2', 'L3'], refType: null });
    expect(candidates.map((c) => `${c.label}/${c.kind}`)).toEqual(
      expect.arrayContaining(['Line/number', 'Score/number', 'Score/text', 'Inspector/ref', 'Checked on/date', 'Reason/text']),
    );
    expect(candidates.find((c) => c.kind === 'ref')?.refType).toBe('member');
  });

  it('targets every form with a field of that name (any case, spaces trimmed) and kind, never a related record\'s field', () => {
    expect(targetsFor([inspection, downtime, maintenance], 'Line', 'text')).toEqual([
      { formId: '10', field: 'f1' },
      { formId: '11', field: 'f5' },
    ]);
    expect(targetsFor([inspection, downtime, maintenance], 'Line', 'number')).toEqual([{ formId: '12', field: 'f2' }]);
    expect(targetsFor([inspection, downtime], 'Score', 'number')).toEqual([{ formId: '10', field: 'f4' }]);
    expect(targetsFor([inspection], 'Nothing', 'text')).toEqual([]);
  });

  it('finds a saved filter\'s field again through its targets, even after its label was renamed', () => {
    const forms = [inspection, downtime];
    const filter: GlobalFilter = { id: 'g1', label: 'Production line', kind: 'text', targets: [{ formId: '11', field: 'f5' }] };
    expect(candidateOf(filter, forms, filterCandidates(forms))?.options).toEqual(['L1', 'L2', 'L3']);
    expect(candidateOf({ ...filter, targets: [{ formId: '99', field: 'f1' }] }, forms, filterCandidates(forms))).toBeUndefined();
  });

  it('reaches the charts whose form is a target, and only those', () => {
    const filter: GlobalFilter = { id: 'g1', label: 'Line', kind: 'text', targets: [{ formId: '10', field: 'f1' }] };
    const charts = new Map([['c1', '10'], ['c2', '11'], ['c3', '10']]);
    expect(chartsReached(filter, charts)).toEqual(['c1', 'c3']);
  });
});

describe('filter values by kind', () => {
  it('picks the control by kind and known options', () => {
    expect(controlFor('text', [])).toBe('text');
    expect(controlFor('text', ['A'])).toBe('options');
    expect(controlFor('texts', ['A'])).toBe('options');
    expect(controlFor('number', [])).toBe('range');
    expect(controlFor('date', [])).toBe('dates');
    expect(controlFor('datetime', [])).toBe('dates');
    expect(controlFor('ref', [])).toBe('refs');
  });

  it('says the condition of each control, and nothing for an empty one', () => {
    expect(conditionOf('text', { type: 'text', text: '  press ' })).toEqual({ op: 'contains', value: 'press' });
    expect(conditionOf('text', { type: 'text', text: '   ' })).toBeNull();
    expect(conditionOf('text', { type: 'options', values: ['L1', 'L2'] })).toEqual({ op: 'in', value: ['L1', 'L2'] });
    expect(conditionOf('texts', { type: 'options', values: [] })).toBeNull();
    expect(conditionOf('number', { type: 'range', from: 1, to: 5 })).toEqual({ op: 'between', value: [1, 5] });
    expect(conditionOf('number', { type: 'range', from: 0, to: null })).toEqual({ op: 'gte', value: 0 });
    expect(conditionOf('number', { type: 'range', from: null, to: 9 })).toEqual({ op: 'lte', value: 9 });
    expect(conditionOf('number', { type: 'range', from: null, to: null })).toBeNull();
    expect(conditionOf('date', { type: 'dates', from: '2026-03-01', to: '2026-03-31' })).toEqual({ op: 'between', value: ['2026-03-01', '2026-03-31'] });
    expect(conditionOf('ref', { type: 'refs', ids: ['7'] })).toEqual({ op: 'in', value: ['7'] });
    expect(conditionOf('ref', undefined)).toBeNull();
  });

  it('turns picked days into the whole days\' instants for a date-time field', () => {
    const condition = conditionOf('datetime', { type: 'dates', from: '2026-03-01', to: '2026-03-02' })!;
    const [from, to] = condition.value as [string, string];
    expect(condition.op).toBe('between');
    expect(new Date(from).getTime()).toBe(new Date(2026, 2, 1, 0, 0, 0).getTime());
    expect(new Date(to).getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
  });

  it('sends only the filters that ask for something, by filter id', () => {
    const filters: GlobalFilter[] = [
      { id: 'a', label: 'Line', kind: 'text', targets: [{ formId: '10', field: 'f1' }] },
      { id: 'b', label: 'Score', kind: 'number', targets: [{ formId: '10', field: 'f4' }] },
    ];
    expect(filterValues(filters, { a: { type: 'options', values: ['L1'] }, b: { type: 'range', from: null, to: null }, gone: { type: 'text', text: 'x' } })).toEqual({ a: { op: 'in', value: ['L1'] } });
  });
});
