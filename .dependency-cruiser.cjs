/** Architecture rules checked by `npm run depcruise` (part of `npm test`). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular imports make load order fragile and hide layering mistakes.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lxd-client-has-no-ui',
      severity: 'error',
      comment: 'src/lxd is the plain LXD client: no React, no features, no app.',
      from: { path: '^src/lxd' },
      to: {
        path: '^(src/(app|features|shared)|node_modules/(react|react-dom|react-router|@tanstack))',
      },
    },
    {
      name: 'shared-not-features',
      severity: 'error',
      comment: 'Import direction is app -> features -> shared -> lxd.',
      from: { path: '^src/shared' },
      to: { path: '^src/(app|features)' },
    },
    {
      name: 'features-not-app',
      severity: 'error',
      from: { path: '^src/features' },
      to: { path: '^src/app' },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: 'A feature uses another feature only through its index.ts.',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/([^/]+)/.+',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'instances-subfolders-through-index',
      severity: 'error',
      comment:
        'The sub-folders of the instances feature (list, detail, create, actions) reach each other only through their index.ts.',
      from: { path: '^src/features/instances/(list|detail|create|actions)/' },
      to: {
        path: '^src/features/instances/(list|detail|create|actions)/',
        pathNot: [
          '^src/features/instances/$1/',
          '^src/features/instances/(list|detail|create|actions)/index\\.ts$',
        ],
      },
    },
    {
      name: 'instances-root-below-subfolders',
      severity: 'error',
      comment:
        "The instances feature's root files are the data layer its sub-folders share (keys, the list's loader, events): they import no sub-folder; the routes load the screens.",
      from: {
        path: '^src/features/instances/[^/]+$',
        pathNot: '^src/features/instances/(index|routes)\\.tsx?$',
      },
      to: { path: '^src/features/instances/[^/]+/' },
    },
    {
      name: 'server-not-src',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^src' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
