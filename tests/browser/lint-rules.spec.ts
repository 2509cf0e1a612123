import { Linter, type ESLint } from "eslint";
import tseslint from "typescript-eslint";
import nudge from "../../scripts/eslint-rules.mjs";
import { expect, test } from "./fixtures";

/**
 * The project's own lint rules (scripts/eslint-rules.mjs), run on snippets with ESLint's `Linter` in the suite's
 * Node process (no page): each refuses what it is for and lets the right form through.
 */
function linterFor(rule: "fetcher-effects" | "named-sql-columns") {
  const linter = new Linter({ configType: "flat" });
  const config = [
    {
      files: ["**/*.ts"],
      plugins: { nudge: nudge as ESLint.Plugin },
      rules: { [`nudge/${rule}`]: "error" as const },
      languageOptions: { parser: tseslint.parser as Linter.Parser, ecmaVersion: 2022 as const, sourceType: "module" as const },
    },
  ];
  return (code: string) => linter.verify(code, config, "snippet.ts").map((message) => message.message);
}

test.describe("lint rules", () => {
  test("fetcher-effects (ADR 118): in a module that reads fetchers, an effect with dependencies must be useUnskippableEffect", () => {
    const lint = linterFor("fetcher-effects");
    const withFetcher = `import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
export function Row() {
  const fetcher = useFetcher();
  useEffect(() => { if (fetcher.data) console.log(fetcher.data); }, [fetcher.data]);
  useEffect(() => console.log("mounted"), []);
  useEffect(() => console.log("every commit"));
}`;
    expect(lint(withFetcher)).toEqual([
      "This module reads fetchers: an effect with dependencies here is useUnskippableEffect (~/lib/unskippable-effect), or React can skip it for good (ADR 118).",
    ]);
    expect(lint(withFetcher.replace("useEffect(() => { if", "useUnskippableEffect(() => { if"))).toEqual([]);
    // A module without fetchers keeps plain effects.
    expect(lint(withFetcher.replace('import { useFetcher } from "@remix-run/react";', "const useFetcher = () => ({ data: 1 });"))).toEqual([]);
    // useFetchers (all of them) counts too.
    expect(lint(withFetcher.replace("{ useFetcher }", "{ useFetchers }").replace("useFetcher()", "useFetchers()"))).toHaveLength(1);
  });

  test("named-sql-columns (ADR 117): a computed column of a Drizzle select is named with .as()", () => {
    const lint = linterFor("named-sql-columns");
    const query = (field: string) => `import { sql } from "drizzle-orm";
export const q = (db: any, t: any) => db.select({ id: t.id, ${field} }).from(t).where(sql\`\${t.id} = 1\`);`;
    expect(lint(query("goesOn: sql`1`"))).toEqual([
      'Name this computed column with .as("goesOn"): local D1 keys a row by column name, so an unnamed one can shift or overwrite the row\'s values (ADR 117).',
    ]);
    expect(lint(query("n: sql<number>`count(*)`"))).toHaveLength(1);
    expect(lint(query("on: sql`exists (select 1)`.mapWith(Boolean)"))).toHaveLength(1);
    expect(lint(query("n: sql<number>`count(*)`").replace("select({", "selectDistinct({"))).toHaveLength(1);
    // Named: fine, also after mapWith; plain columns and sql in where clauses are not columns.
    expect(lint(query('n: sql<number>`count(*)`.as("n")'))).toEqual([]);
    expect(lint(query('on: sql`exists (select 1)`.mapWith(Boolean).as("sign_in_goes_on")'))).toEqual([]);
    expect(lint(query("title: t.title"))).toEqual([]);
  });
});
