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
    {
      name: "@conform-to/zod",
      importNames: ["parseWithZod"],
      message:
        "Use parseWithZod from ~/platform/form.server (actions) or useFormValidation (pages): it shows the contract's field codes by their locale keys.",
    },
  ],
  patterns: [
    {
      group: ["~api/*"],
      message:
        "app/ reaches the API only through ~contract/* (and the in-process mount in app/platform/api.server.ts).",
    },
    { group: ["**/api/**", "../api/*"], message: "Import the API through ~contract/*, not by a relative path." },
    {
      group: ["**/server/*.mjs"],
      message: "app/ never imports the edge (server/): what both share stands in runtime/ (~runtime/*).",
    },
  ],
};
/**
 * Pages (route modules and components) never import zod or the form schemas: the browser build
 * would keep them even when only an action used them. Loaders and actions take zod and the parser
 * from ~/platform/form.server and a form's schema from its feature's *-forms.server module; the
 * browser validates through ~/ui/use-form-validation, which loads the form's schema module
 * (`() => import(...)`) after the page is interactive (docs/performance.md).
 */
const pagesBorder = {
  paths: appBorder.paths,
  patterns: [
    ...appBorder.patterns,
    {
      group: ["zod", "@conform-to/zod", "~/features/*/*-schema", "~/features/*/*-schemas"],
      allowTypeImports: true,
      message:
        "Pages load zod and the schemas later (useFormValidation); loaders and actions import them from ~/platform/form.server and the feature's *-forms.server module.",
    },
  ],
};
/**
 * The web's rooms, from the top: root and routes, features, ui, platform. A lower room never
 * imports the root module or a route: what they share (the root loader's data, a layout's data)
 * is a type declared below them, which the loader satisfies.
 */
const upwardImports = {
  group: ["~/root", "~/routes/*", "**/root", "**/routes/*"],
  message:
    "features/, ui/ and platform/ never import app/root.tsx or a route: use ~/platform/root-data, or declare the data's type in the feature.",
};
/** ui/ and platform/ sit below the features: tests/unit/app-rooms.test.ts reads the same order. */
const featureImports = {
  group: ["~/features/*", "**/features/*"],
  message: "ui/ and platform/ never import a feature: move what they share down, or let the page compose them.",
};
const uiImports = {
  group: ["~/ui/*", "**/ui/*"],
  message: "platform/ is the lowest room of the web: it never imports ui/ (move the shared piece into platform/).",
};
const contractBorder = {
  patterns: [
    {
      group: ["~api/*", "~/*", "**/api/**", "**/app/**"],
      message: "contract/ is shared by both sides: it imports neither.",
    },
  ],
};
/** runtime/ is the bottom room (docs/architecture.md): plain JavaScript that imports nothing of ours. */
const runtimeBorder = {
  patterns: [
    {
      group: ["~api/*", "~/*", "~contract/*", "**/api/**", "**/app/**", "**/contract/**", "**/server/**"],
      message: "runtime/ is the bottom room: the edge, the web, the API and the contract import it, never the reverse.",
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

const dateFormatting = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message:
      "Format dates with ~/ui/date-format (formatDate, formatDateTime: they name the time zone), numbers with ~/ui/format.",
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: "Use dateTimeFormat from ~/ui/date-format: its options require a timeZone.",
  },
  {
    // request.formData() answers a JSON or oversized body with an exception (a 500); readFormData
    // answers 415, 413 or 400.
    selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
    message: "Read a form with readFormData from ~/platform/form.server (415/413/400, never a 500).",
  },
];

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
    files: ["app/features/**/*.ts", "app/ui/**/*.ts", "app/platform/**/*.ts"],
    ignores: ["app/platform/api.server.ts", "app/platform/redirect.server.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: appBorder.paths, patterns: [...appBorder.patterns, upwardImports] }],
    },
  },
  {
    files: ["app/features/**/*.tsx", "app/ui/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: pagesBorder.paths, patterns: [...pagesBorder.patterns, upwardImports] },
      ],
    },
  },
  {
    files: ["app/ui/**/*.ts", "app/platform/**/*.ts"],
    ignores: ["app/platform/api.server.ts", "app/platform/redirect.server.ts", "app/platform/parse-with-zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: appBorder.paths, patterns: [...appBorder.patterns, upwardImports, featureImports] },
      ],
    },
  },
  {
    files: ["app/ui/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: pagesBorder.paths, patterns: [...pagesBorder.patterns, upwardImports, featureImports] },
      ],
    },
  },
  {
    files: ["app/platform/**/*.ts", "app/platform/**/*.tsx"],
    ignores: ["app/platform/api.server.ts", "app/platform/redirect.server.ts", "app/platform/parse-with-zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: appBorder.paths, patterns: [...appBorder.patterns, upwardImports, featureImports, uiImports] },
      ],
    },
  },
  {
    // The form parser: the one module of app/ that calls conform's parseWithZod.
    files: ["app/platform/parse-with-zod.ts"],
    rules: { "no-restricted-imports": ["error", { paths: appBorder.paths.slice(0, 1), patterns: appBorder.patterns }] },
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
  { files: ["runtime/**/*.mjs"], rules: { "no-restricted-imports": ["error", runtimeBorder] } },
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
    rules: { "no-restricted-syntax": ["error", ...dateFormatting] },
  },
  {
    // A server module re-exports by name: esbuild 0.17 does not initialise a module re-exported
    // with `export *` that is also loaded by `import()` (a form's schemas), so the server build
    // would see it empty.
    files: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...dateFormatting,
        {
          selector: "ExportAllDeclaration",
          message: "Re-export by name (export { A, B } from …): see the comment in eslint.config.js.",
        },
      ],
    },
  },
);
