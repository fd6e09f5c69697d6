import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * In the browser a route module's imports from `*.server` modules are empty: a statement at the
 * module's top level that uses one (say `const Form = z.object(…)` with `z` from
 * ~/platform/form.server) throws while the module loads, and Remix reloads the page on every
 * client-side navigation to it. Only functions (loader, action, components) may use them.
 */
const ROUTES = join(process.cwd(), "app/routes");

function serverNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\.server$/.test(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/** Exports the Remix compiler removes from the browser's build (they run on the server only). */
const SERVER_EXPORTS = new Set(["loader", "action", "headers"]);

function isServerExport(statement: ts.Statement): boolean {
  if (!ts.isVariableStatement(statement)) return false;
  const exported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  return Boolean(
    exported &&
    statement.declarationList.declarations.every(
      (declaration) => ts.isIdentifier(declaration.name) && SERVER_EXPORTS.has(declaration.name.text),
    ),
  );
}

/** Identifiers a top-level statement evaluates while the module loads (function bodies excluded). */
function usedAtLoad(node: ts.Node, names: Set<string>, found: string[]): void {
  if (ts.isFunctionLike(node) && !ts.isSourceFile(node)) return;
  if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
  if (ts.isImportDeclaration(node)) return;
  if (ts.isIdentifier(node) && names.has(node.text)) {
    const parent = node.parent;
    const isProperty = parent && ts.isPropertyAccessExpression(parent) && parent.name === node;
    if (!isProperty) found.push(node.text);
  }
  ts.forEachChild(node, (child) => usedAtLoad(child, names, found));
}

describe("route modules load in the browser", () => {
  const files = readdirSync(ROUTES).filter((file) => /\.tsx?$/.test(file));

  it("finds the route modules", () => {
    expect(files.length).toBeGreaterThan(40);
  });

  it.each(files)("%s uses no server-only import at its top level", (file) => {
    const text = readFileSync(join(ROUTES, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const names = serverNames(source);
    const found: string[] = [];
    for (const statement of source.statements) if (!isServerExport(statement)) usedAtLoad(statement, names, found);
    expect(found).toEqual([]);
  });
});
