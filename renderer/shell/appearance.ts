import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { APPEARANCE_PATH, DEFAULT_APPEARANCE, effectiveSkin, type Appearance, type ThemeSetting } from '../../shared/org/appearance.ts';
import { skinAtom } from '../kernel/atoms.ts';
import { kernelStorage, type KernelStorage } from '../kernel/storage.ts';
import type { Transport } from '../kernel/transport.ts';
import { applySkin } from './skins.ts';

/** The space's watermark, skin and web chat switch as the shell read them at boot (decision 0037). */
export const appearanceAtom = atom<Appearance>(DEFAULT_APPEARANCE);

/**
 * Reads the space's appearance. A space that cannot be asked (a guest, root outside any space, offline without a
 * cached answer) gets the defaults: no watermark, the default skin.
 */
export function loadAppearance(api: Transport): Promise<Appearance> {
  return api.get<Appearance>(APPEARANCE_PATH).then(
    (answer) => ({ ...DEFAULT_APPEARANCE, ...answer.data }),
    () => DEFAULT_APPEARANCE,
  );
}

/** Paints the skin this viewer sees under `theme` (their own choice where allowed) and returns it. */
export function showSkin(theme: ThemeSetting, storage: KernelStorage = kernelStorage): string {
  const skin = effectiveSkin(theme, storage.skin());
  applySkin(skin);
  return skin;
}

/** The appearance, and how a settings page puts a saved change into effect at once for the admin who saved it. */
export function useAppearance() {
  const appearance = useAtomValue(appearanceAtom);
  const setAppearance = useSetAtom(appearanceAtom);
  const setSkin = useSetAtom(skinAtom);
  const update = useCallback(
    (patch: Partial<Appearance>) => {
      setAppearance((current) => ({ ...current, ...patch }));
      if (patch.theme) setSkin(showSkin(patch.theme));
    },
    [setAppearance, setSkin],
  );
  return { appearance, update };
}
