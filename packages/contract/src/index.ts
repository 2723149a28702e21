export * from './arabic-normalize.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './discovery.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './settings.ts';
export * from './settings-defaults.ts';
