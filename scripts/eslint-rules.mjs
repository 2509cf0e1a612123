/**
 * The project's own lint rules (plugin `nudge` in eslint.config.js), tested in tests/browser/lint-rules.spec.ts.
 */

/**
 * `nudge/fetcher-effects` (ADR 118): in a module that reads React Router's fetchers (`useFetcher`, `useFetchers`),
 * an effect with dependencies is a `useUnskippableEffect`, not a `useEffect`.
 *
 * React Router changes a fetcher's state and data in place before React renders its update; a plain
 * effect over them can miss an answer for good (a render React bails out of keeps the new dependencies
 * and runs no effect). Effects that run once (`[]`) or at every commit (no array) are not affected.
 */
const FETCHER_HOOKS = new Set(["useFetcher", "useFetchers"]);

export const fetcherEffects = {
  meta: {
    type: "problem",
    docs: { description: "Effects with dependencies in a module that reads fetchers use useUnskippableEffect" },
    messages: {
      plainEffect:
        "This module reads fetchers: an effect with dependencies here is useUnskippableEffect (~/lib/unskippable-effect), or React can skip it for good (ADR 118).",
    },
    schema: [],
  },
  create(context) {
    let readsFetchers = false;
    const effects = [];
    return {
      ImportSpecifier(node) {
        if (node.parent.source.value === "@remix-run/react" && FETCHER_HOOKS.has(node.imported.name)) readsFetchers = true;
      },
      CallExpression(node) {
        const callee = node.callee;
        const name = callee.type === "Identifier" ? callee.name : callee.type === "MemberExpression" ? callee.property.name : null;
        const deps = node.arguments[1];
        if (name === "useEffect" && deps?.type === "ArrayExpression" && deps.elements.length > 0) effects.push(node);
      },
      "Program:exit"() {
        if (!readsFetchers) return;
        for (const node of effects) context.report({ node, messageId: "plainEffect" });
      },
    };
  },
};

/**
 * `nudge/named-sql-columns` (ADR 117): a computed column of a Drizzle select (`sql\`...\``) is named with `.as()`.
 *
 * Local D1 hands Drizzle a row's values keyed by column name: an unnamed `sql\`1\`` is a column named "1", an
 * integer-like key that JavaScript orders first, so every value of the row shifted by one; two unnamed columns with
 * the same text collide. A name makes both impossible.
 */
const SELECTS = new Set(["select", "selectDistinct"]);

function unwrapMapWith(node) {
  let value = node;
  while (value.type === "CallExpression" && value.callee.type === "MemberExpression" && value.callee.property.name === "mapWith") value = value.callee.object;
  return value;
}

export const namedSqlColumns = {
  meta: {
    type: "problem",
    docs: { description: "Computed columns of a Drizzle select are named with .as()" },
    messages: {
      unnamed: "Name this computed column with .as(\"{{key}}\"): local D1 keys a row by column name, so an unnamed one can shift or overwrite the row's values (ADR 117).",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || !SELECTS.has(callee.property.name)) return;
        const fields = node.arguments[0];
        if (fields?.type !== "ObjectExpression") return;
        for (const field of fields.properties) {
          if (field.type !== "Property") continue;
          const value = unwrapMapWith(field.value);
          const tag = value.type === "TaggedTemplateExpression" ? value.tag : null;
          const tagName = tag?.type === "Identifier" ? tag.name : tag?.type === "TSInstantiationExpression" && tag.expression.type === "Identifier" ? tag.expression.name : null;
          if (tagName !== "sql") continue;
          const key = field.key.type === "Identifier" ? field.key.name : String(field.key.value);
          context.report({ node: field, messageId: "unnamed", data: { key } });
        }
      },
    };
  },
};

export default { rules: { "fetcher-effects": fetcherEffects, "named-sql-columns": namedSqlColumns } };
