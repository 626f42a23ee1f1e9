/**
 * The rooms of docs/architecture.md and the directions their imports may run (`npm run lint:layers`).
 * Type-only imports are not dependencies at run time and are allowed across rooms, but not upwards in
 * the platform's lower floors.
 */
const FEATURES = "^platform/(appeal|billing|demo|documents|findship|fleet|freight|iam|identity|jobs|ledger|marketing|masterdata|matchmaking|orders|realtime|reports|submission|supply|system|tax)/";
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "A runtime import circle.", from: {}, to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } } },
    { name: "contract-stands-alone", severity: "error", comment: "contract/ is shared by both programs and imports neither.", from: { path: "^contract/" }, to: { path: "^(app|platform|scripts|bench)/" } },
    { name: "platform-not-console", severity: "error", comment: "The platform never imports the console.", from: { path: "^platform/" }, to: { path: "^app/" } },
    { name: "console-not-platform", severity: "error", comment: "The console talks to the platform over HTTP only.", from: { path: "^app/" }, to: { path: "^platform/", dependencyTypesNot: ["type-only"] } },
    { name: "engine-and-db-below-features", severity: "error", comment: "The engine (platform/resources) and platform/db are floors below the business folders: they import none of them; the composition root assembles.", from: { path: "^platform/(db|resources|http)/" }, to: { path: FEATURES } },
    { name: "services-not-components", severity: "error", comment: "Console services (loaders, actions) do not import components.", from: { path: "^app/services/" }, to: { path: "^app/(components|routes|generated-routes)/", dependencyTypesNot: ["type-only"] } },
    { name: "components-not-routes", severity: "error", comment: "A component does not import a route module.", from: { path: "^app/components/" }, to: { path: "^app/(routes|generated-routes)/" } },
    { name: "scripts-not-bench", severity: "error", comment: "Production scripts never depend on a benchmark; what both need (process helpers) is scripts/lib/.", from: { path: "^scripts/" }, to: { path: "^bench/" } },
    { name: "bench-uses-scripts-library", severity: "error", comment: "A benchmark uses the scripts' library (scripts/lib, the cluster launcher, the nginx renderer), not a script's entry.", from: { path: "^bench/" }, to: { path: "^scripts/", pathNot: "^scripts/(lib/|cluster-stack\\.ts$|nginx\\.ts$)" } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public|data|test-results|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
