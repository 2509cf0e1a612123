import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import nudge from "./scripts/eslint-rules.mjs";

export default tseslint.config(
  { ignores: ["build/**", ".wrangler/**", "node_modules/**", "test-results/**", "playwright-report/**", "migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, nudge },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // ADR 118: effects over fetchers' answers use useUnskippableEffect; its dependencies are checked the same way.
      "react-hooks/exhaustive-deps": ["error", { additionalHooks: "^useUnskippableEffect$" }],
      "nudge/fetcher-effects": "error",
      "nudge/named-sql-columns": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    // The fence (ADR 037): app/ reaches worker/ only through a service's face
    // (worker/services/<domain>/index.ts, or a one-file service such as worker/services/errors.ts),
    // the HTTP toolkit's face (worker/http) and worker/env; inside app/, the `~/` alias, never `../`.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(?!\\.\\./|worker/)",
              message: "Inside app/, import with the ~/ alias (tsconfig paths), not ../.",
            },
            {
              regex: "(^|/)worker/(?!(env|http|services/[\\w-]+)$)",
              message: "app/ reaches worker/ only through worker/env, worker/http or a service's face (worker/services/<domain>); export what you need from there.",
            },
            {
              regex: "(^|/)db/",
              message: "app/ reads data through the services, never db/ directly.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.{js,ts}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The service worker: plain JavaScript served as is, in the service worker's scope.
    files: ["public/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
);
