import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The icon modules (app/components/ui/icons.tsx and one module per icon under ./lucide/) do nothing
 * when loaded but define their exports, so the bundler may leave out every icon a route does not
 * render instead of shipping all of them in one shared chunk to every page (decision 0044).
 */
function iconModulesWithoutSideEffects(): Plugin {
  return {
    name: "buildza:icon-modules-without-side-effects",
    transform: {
      filter: { id: /app\/components\/ui\/(?:lucide\/[\w-]+\.ts|icons\.tsx|static-icon\.tsx)$/ },
      handler(code) {
        return { code, moduleSideEffects: false };
      },
    },
  };
}

/**
 * Radix's published modules are built to keep every function's name at run time: each function is
 * passed through a local `__name(fn, "name")` that sets `fn.name`. Nothing here reads those names
 * (Radix sets `displayName` itself), but the calls and strings ship to every page. Here `__name`
 * returns its function unchanged and is pure, so the minifier drops the statements and inlines the
 * rest (decision 0052, docs/decisions/0052-radix-without-kept-names.md).
 */
function radixWithoutKeptNames(): Plugin {
  const keepName = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
  return {
    name: "buildza:radix-without-kept-names",
    transform: {
      filter: { id: /[\\/]@radix-ui[\\/][^\\/]+[\\/]dist[\\/]index\.mjs$/ },
      handler(code) {
        if (!code.includes(keepName)) return null;
        return { code: code.replace(keepName, "var __name = (target) => target;"), map: null };
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconModulesWithoutSideEffects(), radixWithoutKeptNames()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: {
    // Server-only packages stay in node_modules; loaded by Node at run time.
    external: ["@electric-sql/pglite", "pg", "@node-rs/argon2", "nodemailer", "better-auth"],
  },
  build: {
    rolldownOptions: {
      // Each lucide icon module also builds lucide's own component for its drawing, which nothing
      // here renders (app/components/ui/static-icon.tsx reads the drawing alone; decision 0044).
      treeshake: { manualPureFunctions: ["createLucideIcon", "__name"] },
      // Icons three or more routes draw share one chunk; the rest go with the routes that draw
      // them, so a page loads about as many files as before and not every icon (decision 0044).
      output: { codeSplitting: { groups: [{ name: "icons", test: /[\\/]components[\\/]ui[\\/]lucide[\\/]/, minShareCount: 3 }] } },
    },
  },
});
