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
      name: 'sub-area-through-index',
      severity: 'error',
      comment:
        'Inside an area, a sub-area (a folder with its own index.ts) is used by the others only through that index.ts.',
      from: { path: '^src/features/([^/]+)/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^src/features/$1/(acls|forwards|ipam|load-balancers|networks|buckets|isos|pools|volumes|access|certificates|groups|identities|idp-groups|actions|create|detail|list)/.+',
        pathNot: ['^src/features/$1/$2/', '^src/features/$1/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'The console and its server never load tests or test helpers.',
      from: { path: '^(src|server)/', pathNot: ['\\.test\\.tsx?$', '/testing(/|\\.tsx?$)'] },
      to: { path: ['\\.test\\.tsx?$', '/testing(/|\\.tsx?$)', '^(e2e|bench)/'] },
    },
    {
      name: 'tools-not-into-each-other',
      severity: 'error',
      comment:
        'scripts/ (the local LXDs), e2e/ and bench/ are separate tools: e2e and bench may use scripts and the server, never each other; scripts use neither.',
      from: { path: '^(scripts|e2e|bench)/' },
      to: { path: '^(e2e|bench)/', pathNot: ['^$1/'] },
    },
    {
      name: 'instances-root-below-subfolders',
      severity: 'error',
      comment:
        "The instances feature's root files are the data layer its sub-folders share (keys, the list's loader, events): they import no sub-folder; the routes load the screens.",
      from: {
        path: '^src/features/instances/[^/]+$',
        pathNot: ['^src/features/instances/(index|routes)\\.tsx?$', '\\.test\\.tsx?$'],
      },
      to: { path: '^src/features/instances/[^/]+/' },
    },
    {
      name: 'server-not-src',
      severity: 'error',
      from: { path: '^server' },
      // But plain data and functions shared with the page: the activity journal's contract and
      // the name of a resource URL.
      to: { path: '^src', pathNot: '^src/lxd/(activity|url-name)\\.ts$' },
    },
  ],
  options: {
    // Tests, e2e, scripts and bench are cruised too (`npm run depcruise`).
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
