// Lint rules that keep the habits of this codebase: typescript-eslint's recommended set (no type
// information, so a run over the whole tree takes seconds), size and complexity limits that today's
// code meets, no disable comment without a reason, and the import rule that keeps the browser's
// components on browser-safe modules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** What a component may import from src/: the browser-safe shared rules and client-safe modules. */
const COMPONENT_IMPORTS = {
  patterns: [
    {
      regex: "^(\\.\\./)+src/(?!shared/|web/page$|web/client/navigation$|inspect/client$)",
      message: "components/ imports only src/shared and the client-safe modules named in docs/architecture.md.",
    },
  ],
};

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "data/", "test-results/", "tracker/dist/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-empty": ["error", { allowEmptyCatch: true }],
      complexity: ["error", 25],
      "max-depth": ["error", 5],
      "max-lines": ["error", { max: 400, skipBlankLines: true, skipComments: true }],
      "max-lines-per-function": ["error", { max: 200, skipBlankLines: true, skipComments: true, IIFEs: true }],
      "max-params": ["error", 7],
    },
  },
  {
    files: ["components/**/*.{ts,tsx}", "src/**/*.tsx", "src/web/client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Plain JavaScript is not type-checked: it runs in the browser (the tracker) or in Node (fixtures).
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // NOTE: the tracker is written for its gzip size: `a && b()` is its if-statement.
    files: ["tracker/**/*.js"],
    rules: { "@typescript-eslint/no-unused-expressions": "off" },
  },
  {
    // NOTE: a disable comment must say why: `// eslint-disable-next-line rule -- reason`.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { local: { rules: { "disable-needs-reason": disableNeedsReason() } } },
    rules: { "local/disable-needs-reason": "error" },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", COMPONENT_IMPORTS] },
  },
  {
    // Tests and benches read loosely typed JSON answers and fixtures.
    files: ["tests/**/*.{ts,tsx}", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "max-lines-per-function": "off",
      complexity: "off",
    },
  },
);

/** A rule: every eslint-disable comment carries a reason after " -- ". */
function disableNeedsReason() {
  return {
    meta: { type: "problem", schema: [], messages: { reason: "Say why after ' -- ' in an eslint-disable comment." } },
    create(context) {
      return {
        Program() {
          for (const c of context.sourceCode.getAllComments()) {
            if (/^\s*eslint-disable/.test(c.value) && !/ -- \S/.test(c.value)) context.report({ loc: c.loc, messageId: "reason" });
          }
        },
      };
    },
  };
}
