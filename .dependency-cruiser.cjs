/**
 * The layers of lib/ (docs/architecture.md): each may import only layers below it, never one beside
 * or above it, and no folder may reach itself again through its imports (no cycles, at any depth).
 * `npm run lint` runs this check.
 */
const LAYERS = [
  ['platform'],
  ['access'],
  ['rails'],
  ['notifications'],
  ['merchants'],
  ['checkout'],
  ['books'],
  ['collections', 'money-out'],
  ['operator'],
  ['surfaces', 'worker'],
];

const layerRules = LAYERS.flatMap((level, rank) =>
  level.map((layer) => {
    const notBelow = LAYERS.slice(rank)
      .flat()
      .filter((other) => other !== layer);
    return {
      name: `${layer}-imports-only-lower-layers`,
      comment: `lib/${layer} may import only the layers below it: ${LAYERS.slice(0, rank).flat().join(', ') || 'none'}`,
      severity: 'error',
      from: { path: `^lib/${layer}/` },
      to: { path: `^lib/(${notBelow.join('|')})/` },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-folder-cycles',
      comment: 'A folder never imports, directly or through others, something that imports it back',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: { path: '^(lib|app)/' },
      to: { circular: true },
    },
    {
      name: 'contracts-never-reach-the-database',
      comment:
        "An operation's contract and input (what the OpenAPI document and the typed client are made from) use the storage-free vocabulary (lib/platform/vocabulary.ts), never the database layer, not even through another module",
      severity: 'error',
      from: { path: '^lib/[a-z/-]+/(contract|input)[.]ts$' },
      to: { path: '^lib/platform/db/', reachable: true },
    },
    {
      name: 'client-package-imports-only-itself',
      comment:
        'lib/surfaces/client is an npm package of its own (@merchant-payments/client): it imports its own files and Node built-ins, never the service (its types come from the generated OpenAPI types)',
      severity: 'error',
      from: { path: '^lib/surfaces/client/' },
      to: { pathNot: '^lib/surfaces/client/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'checkout-app-carries-one-catalogue',
      comment:
        "The customer's pages' client code gets one catalogue from the server, as a prop: it never imports the language list, the catalogues or the overrides at run time (types are fine). Only the server's files (pages, the server action, the server-drawn picker and no-token screen) may.",
      severity: 'error',
      from: {
        path: '^app/[(]checkout[)]/',
        pathNot: '/(page|not-found|no-token|language-picker|opengraph-image|actions|customer-page-locale)[.]tsx?$',
      },
      to: {
        path: '^lib/platform/i18n/(languages|messages|overrides|override-setting|locale|catalogues/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'lib-never-imports-app',
      comment: 'Route files and pages use lib/, never the other way round',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(node_modules|\\.next|\\.data|drizzle)/', '^lib/surfaces/client/dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
