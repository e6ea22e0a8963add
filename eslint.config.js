// ESLint flat config: typescript-eslint, react-hooks, jsx-a11y, and the import boundaries of
// ARCHITECTURE.md ("Boundaries"). `npm test` runs `npm run lint` first; a violation fails the run.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A restricted-import group: `patterns` are matched against the import specifier (relative or not). */
const restrict = (patterns, message, allowTypeImports = false) => ({ group: patterns, message, allowTypeImports });

const APP = ["**/app/*", "**/app/**", "~/*", "~/**"];
const SERVER = ["**/server/*", "**/server/**"];
/** Icons come from app/components/ui/icons.tsx, which draws them as static markup (decision 0039). */
const ICONS = { name: "lucide-react", message: "import icons from app/components/ui/icons.tsx (decision 0039)", allowTypeImports: true };

export default tseslint.config(
  {
    ignores: ["build/**", ".retained-assets/**", "node_modules/**", "data/**", ".react-router/**", "tests/.tmp/**", "bench/out/**", "public/**", "drizzle/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
    },
  },
  // The domain and HTTP shell: never the React app; logs through server/log.ts (pino), never console.
  {
    files: ["app/**/*.server.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-console": "error",
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [restrict(APP, "server/ never imports app/ (ARCHITECTURE.md, Boundaries)")] }],
    },
  },
  // Isomorphic code: imported by both sides, so it imports neither.
  {
    files: ["shared/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [restrict([...APP, ...SERVER], "shared/ never imports server/ or app/ (ARCHITECTURE.md, Boundaries)")] },
      ],
    },
  },
  // The React app: database and domain code only through route modules' *.server.ts files.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [ICONS],
          patterns: [restrict(SERVER, "app/ reaches server/ only through *.server.ts modules; types may be imported (ARCHITECTURE.md, Boundaries)", true)],
        },
      ],
    },
  },
  // Components are reusable: they never import route modules or the root route.
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [ICONS],
          patterns: [
            restrict(SERVER, "app/ reaches server/ only through *.server.ts modules; types may be imported (ARCHITECTURE.md, Boundaries)", true),
            restrict(
              ["**/routes/*", "**/routes/**", "**/root", "**/root.tsx", "~/routes/**", "~/root"],
              "components never import routes or root.tsx (ARCHITECTURE.md, Boundaries)",
            ),
          ],
        },
      ],
    },
  },
  // Code the browser loads builds no Intl object at module load: the first one sets up ICU (40-80
  // ms at Lighthouse's 4x CPU slowdown) inside the task that evaluates every page's scripts.
  // Build formatters on first use with shared/format.ts's once() (docs/performance.md, thirteenth pass).
  {
    files: ["app/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
          message: "Build Intl formatters on first use (once() in shared/format.ts), not at module load.",
        },
        {
          selector: "Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
          message: "Build Intl formatters on first use (once() in shared/format.ts), not at module load.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The React Compiler's diagnostics (refs, set-state-in-effect, incompatible-library, ...) are
      // left out: the build does not use the compiler, and they flag working patterns (react-hook-form's
      // watch, Radix open state synced from the URL). docs/decisions/0009-lint-and-format.md.
    },
  },
);
