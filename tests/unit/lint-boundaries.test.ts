/**
 * The import boundaries of ARCHITECTURE.md are enforced by ESLint (eslint.config.js, decision
 * 0009): a snippet that crosses each boundary is an error, one that keeps to it is not. `npm test`
 * runs the same config over the whole tree, so a real violation fails the run.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids ESLint reports for `code` as if it were the file `filePath`. */
async function rulesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("import boundaries (lint)", () => {
  it.each([
    ["server/ never imports app/", "server/projects/example.ts", 'import { notify } from "../../app/lib/toast";\nexport const x = notify;\n'],
    ["server/ never imports app/ through the ~ alias", "server/projects/example.ts", 'import { notify } from "~/lib/toast";\nexport const x = notify;\n'],
    ["shared/ never imports server/", "shared/example.ts", 'import { getProject } from "../server/projects/service";\nexport const x = getProject;\n'],
    ["shared/ never imports app/", "shared/example.ts", 'import { notify } from "../app/lib/toast";\nexport const x = notify;\n'],
    ["components never import the root route", "app/components/ui/example.tsx", 'import { useRootData } from "../../root";\nexport const x = useRootData;\n'],
    ["components never import routes", "app/components/ui/example.tsx", 'import { loader } from "../../routes/home";\nexport const x = loader;\n'],
    ["routes draw icons through app/components/ui/icons.tsx", "app/routes/example.tsx", 'import { X } from "lucide-react";\nexport const x = X;\n'],
    ["components draw icons through app/components/ui/icons.tsx", "app/components/ui/example.tsx", 'import { X } from "lucide-react";\nexport const x = X;\n'],
    [
      "app/ reaches server code only from *.server.ts",
      "app/routes/example.tsx",
      'import { getProject } from "../../server/projects/service";\nexport const x = getProject;\n',
    ],
  ])("%s", async (_label, filePath, code) => {
    expect(await rulesFor(filePath, code)).toContain("@typescript-eslint/no-restricted-imports");
  });

  it("no console in server code", async () => {
    expect(await rulesFor("server/projects/example.ts", 'console.log("hi");\n')).toContain("no-console");
  });

  it("allows what the rules allow: type imports in components, server code in *.server.ts", async () => {
    expect(
      await rulesFor("app/components/ui/example.tsx", 'import type { Project } from "../../../server/projects/service";\nexport type X = Project;\n'),
    ).toEqual([]);
    expect(
      await rulesFor("app/routes/example.server.ts", 'import { getProject } from "../../server/projects/service";\nexport const x = getProject;\n'),
    ).toEqual([]);
    expect(await rulesFor("app/components/ui/example.tsx", 'import { notify } from "../../lib/toast";\nexport const x = notify;\n')).toEqual([]);
  });
});
