export * from './currencies';
export * from './merchants';
export * from './wallets';
export * from './api-keys';
export * from './checkouts';
export * from './events';
export * from './idempotency-keys';
export * from './worker-heartbeats';
