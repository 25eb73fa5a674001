export * from './names';
export * from './network';
export * from './storage';
export * from './snapshots';
