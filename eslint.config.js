import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import serverModules from "./eslint-rules/server-modules.js";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // Browser-bundled code: only types from *.server modules (eslint-rules/server-modules.js).
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/navigation/**/*.{ts,tsx}", "app/pages/**/*.{ts,tsx}", "app/entry.client.tsx"],
    ignores: ["**/*.server.{ts,tsx}"],
    plugins: { tms: serverModules },
    rules: { "tms/no-server-imports-in-browser-code": "error" },
  },
  {
    // Route modules: server values only inside loader/action code, never at load or in the component.
    files: ["app/routes/**/*.{ts,tsx}", "app/generated-routes/**/*.{ts,tsx}", "app/root.tsx"],
    plugins: { tms: serverModules },
    rules: { "tms/server-values-only-in-server-code": "error" },
  },
  {
    files: ["platform/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/app/**", "~/*"] }] },
  },
);
