import { createContext, useContext, type ReactNode } from 'react';
import type { FieldInputProps } from './types.ts';

/**
 * A page may replace the input of some field types while keeping the record form's layout, checks and save path
 * (the phone pages, renderer/apps/forms/mobile, give touch pickers). The function answers the input to show, or
 * undefined for "the usual one". Without a provider every page gets the web inputs.
 */
export type InputOverride = (props: FieldInputProps) => ReactNode | undefined;

export const InputOverrideContext = createContext<InputOverride | null>(null);

export const useInputOverride = () => useContext(InputOverrideContext);
