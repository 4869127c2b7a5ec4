export * as control from './control.ts';
export * as decisions from './decide.ts';
export * as entrusting from './entrust.ts';
