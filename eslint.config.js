import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * The border between the web app and the API (docs/architecture.md): app/ reaches the API only
 * through the contract (~contract/*) and the in-process mount (~api/app, ~api/start, loaded
 * lazily by app/platform/api.server.ts); the contract imports neither side; the API never
 * imports the web app or its edge (server/).
 */
const appBorder = {
  paths: [
    {
      name: "@remix-run/node",
      importNames: ["redirect"],
      message: "Use redirect from ~/platform/redirect.server: it adds the security headers.",
    },
  ],
  patterns: [
    {
      group: ["~api/*"],
      message:
        "app/ reaches the API only through ~contract/* (and the in-process mount in app/platform/api.server.ts).",
    },
    { group: ["**/api/**", "../api/*"], message: "Import the API through ~contract/*, not by a relative path." },
  ],
};
/**
 * Pages (route modules and components) never import zod or the form schemas: the browser build
 * would keep them even when only an action used them. Loaders and actions take them from
 * ~/platform/form.server; the browser validates through ~/ui/use-form-validation, which loads
 * them after the page is interactive (docs/performance.md).
 */
const pagesBorder = {
  paths: appBorder.paths,
  patterns: [
    ...appBorder.patterns,
    {
      group: ["zod", "@conform-to/zod", "~/features/*/*-schema", "~/features/*/*-schemas", "~/ui/form-validation"],
      allowTypeImports: true,
      message:
        "Pages load zod and the schemas later (useFormValidation); loaders and actions import them from ~/platform/form.server.",
    },
  ],
};
const contractBorder = {
  patterns: [
    {
      group: ["~api/*", "~/*", "**/api/**", "**/app/**"],
      message: "contract/ is shared by both sides: it imports neither.",
    },
  ],
};
const apiBorder = {
  patterns: [
    { group: ["~/*", "**/app/**"], message: "The API never imports the web app." },
    {
      group: ["**/server/*"],
      message: "The API never imports the web's edge (server/): what it changed goes through api/changes/.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "bench/minimal-remix/build/",
      "bench/minimal-remix/public/build/",
      "public/build/",
      ".cache/",
      "node_modules/",
      "data/",
      ".data-*/",
      "test-results/",
      "playwright-report/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", appBorder] } },
  {
    files: ["app/**/*.tsx"],
    rules: { "no-restricted-imports": "off", "@typescript-eslint/no-restricted-imports": ["error", pagesBorder] },
  },
  {
    // The in-process mount: the only file of app/ that loads the API (lazily, and only in one-process mode).
    files: ["app/platform/api.server.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["app/platform/redirect.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: appBorder.patterns }] },
  },
  { files: ["contract/**/*.ts"], rules: { "no-restricted-imports": ["error", contractBorder] } },
  { files: ["api/**/*.ts"], rules: { "no-restricted-imports": ["error", apiBorder] } },
  {
    files: ["app/**/*.{ts,tsx}", "api/**/*.ts", "contract/**/*.ts"],
    ignores: ["**/*.client.ts", "**/*.client.tsx"],
    rules: { "no-console": "error" },
  },
  {
    // Dates on pages go through ~/ui/date-format, whose options require a timeZone: a date
    // formatted in the machine's zone differs between the HTML and the browser (hydration errors).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/ui/date-format.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message:
            "Format dates with ~/ui/date-format (formatDate, formatDateTime: they name the time zone), numbers with ~/ui/format.",
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: "Use dateTimeFormat from ~/ui/date-format: its options require a timeZone.",
        },
      ],
    },
  },
);
