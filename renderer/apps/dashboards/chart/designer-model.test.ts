import { describe, expect, it } from 'vitest';
import type { AnalysisField } from './chart-api.ts';
import { addDimension, addMeasure, addRatio, aggregatesFor, freeId, newDraft, previewBlockers, removeDimension, removeMeasure, setMeasure, withType } from './designer-model.ts';
import { newRatio, ratioDraft, ratioOf } from './ratio/ratio-model.ts';

const field = (ref: string, kind: AnalysisField['kind'], numeric = false): AnalysisField => ({ ref, label: ref, kind, fieldType: numeric ? 'number' : 'text', numeric });
const STATUS = field('f2', 'text');
const DAY = field('f3', 'date');
const TEMP = field('f4', 'number', true);
const FIELDS = [STATUS, DAY, TEMP];

describe('designer model', () => {
  it('sum, average, min and max only for number fields; count of records takes no field', () => {
    expect(aggregatesFor(TEMP)).toEqual(['count', 'distinct', 'sum', 'avg', 'min', 'max']);
    expect(aggregatesFor(STATUS)).toEqual(['count', 'distinct']);
    expect(aggregatesFor(null)).toEqual(['count']);
  });

  it('a date dimension groups by month; a number measure sums; ids stay unique', () => {
    let draft = addDimension(newDraft('3', '7'), DAY);
    expect(draft.query.dimensions).toEqual([{ field: 'f3', granularity: 'month' }]);
    draft = addMeasure(draft, TEMP);
    expect(draft.query.measures[1]).toEqual({ id: 'm2', aggregate: 'sum', field: 'f4' });
    expect(freeId('m', ['m1', 'm3'])).toBe('m2');
  });

  it('changing a measure to a text field drops an aggregate that field cannot take', () => {
    const draft = addMeasure(newDraft('3', '7'), TEMP);
    const next = setMeasure(draft, 1, { ...draft.query.measures[1]!, field: 'f2' }, FIELDS);
    expect(next.query.measures[1]!.aggregate).toBe('count');
  });

  it('removing a measure removes its ratios and a sort by them', () => {
    let draft = addMeasure(newDraft('3', '7'), TEMP);
    draft = addRatio(draft, 'Rate');
    draft = { ...draft, query: { ...draft.query, sort: { by: 'r1', dir: 'desc' } } };
    const next = removeMeasure(draft, 1);
    expect(next.query.ratios).toEqual([]);
    expect(next.query.sort).toBeUndefined();
  });

  it('removing a dimension drops a sort on a dimension', () => {
    const draft = { ...addDimension(newDraft('3', '7'), STATUS) };
    draft.query = { ...draft.query, sort: { by: 'd0', dir: 'asc' } };
    expect(removeDimension(draft, 0).query.sort).toBeUndefined();
  });

  it('the combo gives each measure its series; a pie keeps one measure', () => {
    const draft = addMeasure(addDimension(newDraft('3', '7'), STATUS), TEMP);
    expect(withType(draft, 'combo').query.measures.map((m) => m.series)).toEqual(['bar', 'line']);
    expect(withType(draft, 'pie').query.measures).toHaveLength(1);
    expect(withType(draft, 'number').query.dimensions).toEqual([]);
  });

  it('a preview waits for what the type needs, not for a name', () => {
    const draft = newDraft('3', '7');
    expect(previewBlockers(draft).map((p) => p.path)).toEqual(['query.dimensions']);
    expect(previewBlockers(addDimension(draft, STATUS))).toEqual([]);
    expect(previewBlockers(withType(draft, 'number'))).toEqual([]);
  });
});

describe('ratio views', () => {
  it('are charts with m1 / m2 and one ratio named like the view; read back the same', () => {
    const spec = { ...newRatio('7'), name: 'Fault rate', numerator: { aggregate: 'count' as const, field: 'f2' }, dimension: { field: 'f3', granularity: 'month' as const }, type: 'line' as const };
    const draft = ratioDraft(spec, '3');
    expect(draft.type).toBe('line');
    expect(draft.query.ratios).toEqual([{ id: 'r1', label: 'Fault rate', numerator: 'm1', denominator: 'm2', percent: true }]);
    expect(ratioOf(draft)).toEqual(spec);
  });

  it('without a dimension a ratio view is a table; other charts are no ratio views', () => {
    expect(ratioDraft({ ...newRatio('7'), name: 'All', type: 'line' }, '3').type).toBe('table');
    expect(ratioOf(newDraft('3', '7'))).toBeNull();
  });
});
