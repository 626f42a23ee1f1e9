/**
 * Local lint rules that keep server code out of the browser bundle.
 *
 * Remix replaces every `*.server` module with an empty stub in the browser bundle and drops a route's
 * `loader`/`action` exports, but it keeps whatever the rest of a route module evaluates at load time.
 * So:
 * - code the browser bundles (components, lib, navigation, pages) may import only types from a
 *   `*.server` module;
 * - a route module (and root.tsx) may use a value imported from a `*.server` module only inside a
 *   function that is not browser code: never at module top level (a call there runs at load, and in
 *   the browser the value is undefined) and never inside the component, ErrorBoundary, meta, links,
 *   handle, shouldRevalidate or client loader/action.
 */

const SERVER_MODULE = /\.server(\.[cm]?[jt]sx?)?$/;

/** Route-module exports that run in the browser. */
const BROWSER_EXPORTS = new Set(["default", "ErrorBoundary", "HydrateFallback", "meta", "links", "handle", "shouldRevalidate", "clientLoader", "clientAction", "Layout"]);

const isTypeOnly = (node, specifier) => node.importKind === "type" || specifier?.importKind === "type";

/** The value bindings an import declaration from a `*.server` module brings in. */
function serverValueSpecifiers(node) {
  if (typeof node.source.value !== "string" || !SERVER_MODULE.test(node.source.value)) return [];
  if (node.importKind === "type") return [];
  return node.specifiers.filter((s) => !isTypeOnly(node, s));
}

/** The name under which a top-level statement is exported ("default" for the default export), or null. */
function exportedName(statement) {
  if (statement.type === "ExportDefaultDeclaration") return "default";
  if (statement.type !== "ExportNamedDeclaration" || !statement.declaration) return null;
  const d = statement.declaration;
  if (d.type === "FunctionDeclaration" || d.type === "ClassDeclaration") return d.id?.name ?? null;
  if (d.type === "VariableDeclaration" && d.declarations.length === 1 && d.declarations[0].id.type === "Identifier") return d.declarations[0].id.name;
  return null;
}

const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Value imports from `*.server` modules in modules the browser bundles whole. @type {import("eslint").Rule.RuleModule} */
const noServerImportsInBrowserCode = {
  meta: {
    type: "problem",
    docs: { description: "Only type imports from *.server modules in code the browser bundles" },
    messages: { valueImport: "'{{name}}' is a value from a .server module: the browser bundle gets an empty stub. Import only types here; move shared values to contract/ or app/lib/." },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        for (const s of serverValueSpecifiers(node)) context.report({ node: s, messageId: "valueImport", data: { name: s.local.name } });
      },
    };
  },
};

/** In route modules: server values used only inside server-only functions. @type {import("eslint").Rule.RuleModule} */
const serverValuesOnlyInServerCode = {
  meta: {
    type: "problem",
    docs: { description: "Values from *.server modules are used only inside loader/action code of a route module" },
    messages: {
      atLoad: "'{{name}}' (from a .server module) is used at module load: the browser runs this with an empty stub. Call it inside the loader or action function.",
      inBrowser: "'{{name}}' (from a .server module) is used in the browser export '{{exportName}}', where it is undefined. Return the value from the loader instead.",
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      ImportDeclaration(node) {
        for (const specifier of serverValueSpecifiers(node)) {
          for (const variable of sourceCode.getDeclaredVariables(specifier)) {
            for (const reference of variable.references) {
              const ancestors = sourceCode.getAncestors(reference.identifier);
              const statement = ancestors[1] ?? reference.identifier;
              const exportName = exportedName(statement);
              const name = specifier.local.name;
              if (exportName && BROWSER_EXPORTS.has(exportName)) {
                context.report({ node: reference.identifier, messageId: "inBrowser", data: { name, exportName } });
                continue;
              }
              // Anything inside a function body runs when called; only the loader/action (removed from the browser bundle) and their helpers call it.
              const insideFunction = ancestors.slice(1).some((a) => FUNCTION_TYPES.has(a.type));
              // `export const loader = serverLoader` is a bare reference the bundler drops with the export.
              const bareExportInitializer = exportName !== null && ancestors.at(-1)?.type === "VariableDeclarator" && ancestors.at(-1).init === reference.identifier;
              if (!insideFunction && !bareExportInitializer) context.report({ node: reference.identifier, messageId: "atLoad", data: { name } });
            }
          }
        }
      },
    };
  },
};

export default {
  meta: { name: "tms-server-modules" },
  rules: {
    "no-server-imports-in-browser-code": noServerImportsInBrowserCode,
    "server-values-only-in-server-code": serverValuesOnlyInServerCode,
  },
};
