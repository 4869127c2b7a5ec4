import { describe, expect, it } from 'vitest';
import type { PortalDraft, QuickEntryComponent } from '../../../../shared/portal/model.ts';
import { portalProblems } from '../../../../shared/portal/validate.ts';
import { addComponent, applyLayout, blankComponent, changeStyle, clampPlace, problemsAt, usedSingletons } from './designer-model.ts';

const empty = (): PortalDraft => ({ terminal: 'web', name: 'Home', description: '', cover: null, roleGroups: [], components: [] });

function added(draft: PortalDraft, ...args: Parameters<typeof addComponent> extends [PortalDraft, ...infer R] ? R : never) {
  const result = addComponent(draft, ...args);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

describe('designer model', () => {
  it('places a clicked component below the others and a dropped one where it fell, inside the 12 columns', () => {
    const one = added(empty(), 'appData', 'Orders');
    expect(one.draft.components[0]!.place).toEqual({ x: 0, y: 0, w: 6, h: 7 });
    const two = added(one.draft, 'quickEntry', 'Links');
    expect(two.draft.components[1]!.place).toEqual({ x: 0, y: 7, w: 12, h: 4 });
    // Dropped near the right edge: pulled back so it ends at column 12.
    const three = added(two.draft, 'myWork', 'Work', { x: 10, y: 2 });
    expect(three.draft.components[2]!.place).toEqual({ x: 6, y: 2, w: 6, h: 6 });
    expect(portalProblems(three.draft).filter((p) => p.key === 'portal.validation.place')).toEqual([]);
  });

  it('takes moves and resizes from the grid, clamped to whole cells in the grid, and keeps the same draft when nothing moved', () => {
    const { draft, id } = added(empty(), 'myWork', 'Work');
    const moved = applyLayout(draft, [{ i: id, x: 3, y: 4, w: 9, h: 3 }]);
    expect(moved.components[0]!.place).toEqual({ x: 3, y: 4, w: 9, h: 3 });
    expect(applyLayout(moved, [{ i: id, x: 3, y: 4, w: 9, h: 3 }])).toBe(moved);
    const wide = applyLayout(moved, [{ i: id, x: 5, y: -2, w: 20, h: 0.4 }]);
    expect(wide.components[0]!.place).toEqual({ x: 0, y: 0, w: 12, h: 1 });
    expect(clampPlace({ x: 11, y: 0, w: 4, h: 2 })).toEqual({ x: 8, y: 0, w: 4, h: 2 });
  });

  it('adds custom, message alert and my work only once (greyed in the palette), other types many times', () => {
    let draft = empty();
    for (const type of ['custom', 'messageAlert', 'myWork', 'appData', 'appData'] as const) draft = added(draft, type, type).draft;
    expect([...usedSingletons(draft.components)].sort()).toEqual(['custom', 'messageAlert', 'myWork']);
    for (const type of ['custom', 'messageAlert', 'myWork'] as const) expect(addComponent(draft, type, type)).toEqual({ refused: 'onlyOnce' });
    expect('draft' in addComponent(draft, 'quickEntry', 'q')).toBe(true);
  });

  it('refuses a 31st component', () => {
    let draft = empty();
    for (let i = 0; i < 30; i++) draft = added(draft, 'quickEntry', `q${i}`).draft;
    expect(addComponent(draft, 'appData', 'one more')).toEqual({ refused: 'tooMany' });
  });

  it('switching quick entries to the carousel keeps the first 10 and says how many went; other switches keep everything', () => {
    const base = blankComponent('quickEntry', 'Links', { x: 0, y: 0, w: 12, h: 4 }) as QuickEntryComponent;
    const items = Array.from({ length: 13 }, (_, i) => ({ id: `i${i}`, name: `Item ${i}`, iconType: 'image' as const, icon: `img${i}`, link: { type: 'none' as const, target: '' } }));
    const many: QuickEntryComponent = { ...base, config: { ...base.config, items } };
    const rotated = changeStyle(many, 'rotation');
    expect(rotated.dropped).toBe(3);
    expect(rotated.component.style).toBe('rotation');
    expect((rotated.component as QuickEntryComponent).config.items.map((i) => i.id)).toEqual(items.slice(0, 10).map((i) => i.id));
    const listed = changeStyle(many, 'list');
    expect(listed.dropped).toBe(0);
    expect((listed.component as QuickEntryComponent).config.items).toHaveLength(13);
  });

  it('routes problems to their component by path', () => {
    const problems = [
      { path: 'name', key: 'a' },
      { path: 'components.1.config.pageSize', key: 'b' },
      { path: 'components.1', key: 'c' },
      { path: 'components.10.name', key: 'd' },
    ];
    expect(problemsAt(problems, 1).map((p) => p.key)).toEqual(['b', 'c']);
    expect(problemsAt(problems, 10).map((p) => p.key)).toEqual(['d']);
  });
});
