/**
 * A known skill typed in another case is saved and filtered in the suggestion's spelling
 * (docs/product.md, Constants; shared/constants.ts canonicalSkill): a project saved with "flutter"
 * is found by the Flutter filter; `?skills=flutter` ticks the Flutter box and finds projects and
 * developers with "Flutter"; migration 0038 rewrites the skills saved before in other spellings.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { developerProfiles, projects } from "../../server/db/schema";
import { listDevelopers, saveDeveloperProfile } from "../../server/developers/service";
import { listProjects } from "../../server/projects/service";
import { developerFiltersFromParams } from "../../app/components/developers/filters";
import { filtersFromParams } from "../../app/components/projects/filters";
import { canonicalSkill } from "../../shared/constants";
import { projectListQuerySchema } from "../../shared/schemas";
import { createEmptyPostgresDatabase, createTestDatabase, DB_KINDS, migrationsBefore, type TestDatabase } from "../support/db";
import { makeClient, makeDeveloper, makeProject } from "../support/factories";

describe("canonicalSkill", () => {
  it("spells a known skill as the suggestion does, whatever the case, and leaves other skills as typed", () => {
    expect(["flutter", "REACT NATIVE", "ui/ux design", "node.JS", "devops", "Flutter"].map(canonicalSkill)).toEqual([
      "Flutter",
      "React Native",
      "UI/UX Design",
      "Node.js",
      "DevOps",
      "Flutter",
    ]);
    expect(["Kotlin", "kotlin", "Flutter Web", "Crème"].map(canonicalSkill)).toEqual(["Kotlin", "kotlin", "Flutter Web", "Crème"]);
  });

  it("reads a skills query in the known spellings, once each: the server's schema and the browse pages' filters alike", () => {
    expect(projectListQuerySchema.parse({ skills: "flutter, FLUTTER,react,Kotlin" }).skills).toEqual(["Flutter", "React", "Kotlin"]);
    // The filter panels tick a box by the skill's spelling: "flutter" in the address ticks Flutter.
    expect(filtersFromParams(new URLSearchParams("skills=flutter,FLUTTER&skills=react,Kotlin")).skills).toEqual(["Flutter", "React", "Kotlin"]);
    expect(developerFiltersFromParams(new URLSearchParams("skills=devops,machine learning")).skills).toEqual(["DevOps", "Machine Learning"]);
  });
});

describe.each(DB_KINDS)("skills in another case on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("saves a project's and a profile's known skills in the suggestion's spelling, and the filters find them by any case", async () => {
    const db = database.db;
    const project = await makeProject(db, await makeClient(db), { title: "Canonical skills booking app", skills: ["flutter", "firebase", "Kotlin"] });
    expect(project.skills).toEqual(["Flutter", "Firebase", "Kotlin"]);
    const developer = await makeDeveloper(db, { name: "Canonical Skills Dev", profile: { skills: ["machine learning", "python"] } });
    const [profile] = await db.select({ skills: developerProfiles.skills }).from(developerProfiles).where(eq(developerProfiles.userId, developer.id));
    expect(profile!.skills).toEqual(["Machine Learning", "Python"]);

    for (const skills of ["Flutter", "flutter", "FIREBASE"]) {
      const page = await listProjects(db, { skills, search: "canonical" });
      expect(
        page.projects.map((p) => p.id),
        skills,
      ).toEqual([project.id]);
    }
    for (const skills of ["Machine Learning", "MACHINE learning"]) {
      const page = await listDevelopers(db, { skills, search: "canonical" });
      expect(
        page.developers.map((d) => d.id),
        skills,
      ).toEqual([developer.id]);
    }
  });

  it("refuses a known skill twice in two cases, as any skill", async () => {
    const db = database.db;
    await expect(saveDeveloperProfile(db, await makeDeveloper(db, { profile: false }), { skills: ["Flutter", "flutter"] })).rejects.toMatchObject({
      fields: { skills: "A skill cannot be added twice" },
    });
  });
});

describe.each(DB_KINDS)("migration 0038 on %s", (kind) => {
  it("rewrites known skills saved in other spellings, keeps the rest and their order, and one of a skill held twice", async () => {
    const older = await migrationsBefore("0038_");
    const empty = kind === "postgres" ? await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const dataDir = kind === "pglite" ? await mkdtemp(path.join(tmpdir(), "buildza-pglite-")) : undefined;
    const open = (migrationsFolder?: string): Promise<Database> =>
      openDatabase(empty ? { databaseUrl: empty.url, poolSize: 1, migrationsFolder } : { dataDir: dataDir!, migrationsFolder });
    try {
      const before = await open(older.folder);
      const ids: Record<string, string> = {};
      let developerId = "";
      try {
        await before.migrate();
        const db = before.db;
        const owner = await makeClient(db);
        // Saved as the forms saved them before: written straight to the rows.
        const rows: Record<string, string[]> = {
          mixed: ["flutter", "Kotlin", "ui/ux design"],
          twice: ["react", "Go", "React"],
          known: ["Flutter", "Firebase"],
          other: ["Kotlin", "Crème"],
        };
        for (const [key, skills] of Object.entries(rows)) {
          const p = await makeProject(db, owner, { title: `Skills from before ${key}` });
          await db.update(projects).set({ skills }).where(eq(projects.id, p.id));
          ids[key] = p.id;
        }
        const developer = await makeDeveloper(db);
        await db
          .update(developerProfiles)
          .set({ skills: ["NODE.JS", "Rust", "devops"] })
          .where(eq(developerProfiles.userId, developer.id));
        developerId = developer.id;
      } finally {
        await before.close();
      }
      const after = await open();
      try {
        await after.migrate();
        const saved = await after.db
          .select({ id: projects.id, skills: projects.skills })
          .from(projects)
          .where(inArray(projects.id, Object.values(ids)));
        const byKey = Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, saved.find((r) => r.id === id)!.skills]));
        expect(byKey).toEqual({
          mixed: ["Flutter", "Kotlin", "UI/UX Design"],
          twice: ["React", "Go"],
          known: ["Flutter", "Firebase"],
          other: ["Kotlin", "Crème"],
        });
        const [profile] = await after.db.select({ skills: developerProfiles.skills }).from(developerProfiles).where(eq(developerProfiles.userId, developerId));
        expect(profile!.skills).toEqual(["Node.js", "Rust", "DevOps"]);
        expect((await listProjects(after.db, { skills: "flutter" })).projects.map((p) => p.id).sort()).toEqual([ids.mixed, ids.known].sort());
      } finally {
        await after.close();
      }
    } finally {
      await empty?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await older.remove();
    }
  }, 120_000);
});
