import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `local/no-import-cycle`: a module must not reach itself again through its relative imports.
 *
 * Why our own rule: eslint-plugin-import-x's `no-cycle` pulls in unrs-resolver, whose platform
 * packages npm 11 leaves out of the lock file (breaking `npm ci`), and eslint-plugin-import does not
 * support ESLint 10. Our sources import each other only by relative path (packages by name, which
 * cannot lead back), so the graph is read with the TypeScript parser we already have. Type-only
 * imports are erased at build time and cannot form a cycle at run time, so they are passed over;
 * so are dynamic `import()`s (the router's lazy pages).
 */

/** A file's runtime relative imports, parsed once per lint run (and again when the file changes). */
const parsed = new Map();

function runtimeImports(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = parsed.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const imports = [];
  for (const statement of source.statements) {
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    if (ts.isImportDeclaration(statement) && !typeOnlyImport(statement)) imports.push(spec.text);
    if (ts.isExportDeclaration(statement) && !typeOnlyExport(statement)) imports.push(spec.text);
  }
  const resolved = imports.map((text) => resolve(text, file)).filter(Boolean);
  parsed.set(file, { mtime, imports: resolved });
  return resolved;
}

function typeOnlyImport(node) {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

function typeOnlyExport(node) {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

const candidates = (base) => [
  base,
  base.replace(/\.js$/, '.ts'),
  base.replace(/\.js$/, '.tsx'),
  `${base}.ts`,
  `${base}.tsx`,
  path.join(base, 'index.ts'),
  path.join(base, 'index.tsx'),
];

function resolve(spec, from) {
  const base = path.resolve(path.dirname(from), spec);
  return candidates(base).find((file) => {
    try {
      return /\.[cm]?[jt]sx?$/.test(file) && statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** The chain of files from `start` back to `target`, or null when there is none. */
function pathBack(start, target) {
  const seen = new Set();
  const walk = (file, chain) => {
    if (file === target) return chain;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const next of runtimeImports(file)) {
      const found = walk(next, [...chain, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that lead back to the importing module.' },
    messages: { cycle: 'Import cycle: {{chain}}. Move what both need into a module of its own.' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const cwd = context.cwd;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const target = resolve(spec, file);
      if (!target) return;
      // The same test the walk uses, so that `import { type A }` counts nowhere.
      if (!runtimeImports(file).includes(target)) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      const shown = [file, ...chain].map((f) => path.relative(cwd, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { chain: shown } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
