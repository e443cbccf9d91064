import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The stylesheets main.tsx imports on their own, before any component's (the sign-in page needs them). */
const GLOBAL = new Set(['baseline', 'default-css-variables', 'global']);

/** Every module under `dir` (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The names the modules under `dirs` import from '@mantine/core'. */
function importedNames(dirs: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of dirs.flatMap(sources)) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The relative imports of a module of Mantine's ESM build, resolved. */
function relativeImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
}

/**
 * The component stylesheets of @mantine/core the app's components need, in the order of Mantine's
 * whole sheet: the modules behind every name the app imports (index.mjs says which), the modules
 * they import, transitively, and for each component folder among them (components/, utils/) its
 * own stylesheet (styles/<Folder>.css) when Mantine ships one.
 */
export function usedMantineCss(dirs: string[], mantineDir: string): string {
  const esm = path.join(mantineDir, 'esm');
  const byName = new Map<string, string>();
  for (const m of readFileSync(path.join(esm, 'index.mjs'), 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
  )) {
    for (const name of m[1]!.split(',')) byName.set(name.trim(), path.resolve(esm, m[2]!));
  }
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    relativeImports(file).forEach(visit);
  };
  for (const name of importedNames(dirs)) {
    const file = byName.get(name);
    if (file) visit(file);
  }
  const folders = new Set<string>();
  for (const file of seen) {
    // Components, and the parts they share (utils/InlineInput: the label beside a switch or a box).
    for (const parent of ['components', 'utils']) {
      const relative = path.relative(path.join(esm, parent), file);
      if (relative.startsWith('..')) continue;
      for (const folder of path.dirname(relative).split(path.sep)) folders.add(folder);
    }
  }
  const whole = readFileSync(path.join(mantineDir, 'styles.css'), 'utf8');
  const sheets = [...folders]
    .filter((folder) => !GLOBAL.has(folder) && existsSync(path.join(mantineDir, 'styles', `${folder}.css`)))
    .map((folder) => readFileSync(path.join(mantineDir, 'styles', `${folder}.css`), 'utf8'))
    .map((css) => ({ css, at: whole.indexOf(css.trim().slice(0, 200)) }));
  const missing = sheets.find((sheet) => sheet.at < 0);
  if (missing)
    throw new Error(`mantine-styles: a stylesheet is not part of styles.css: ${missing.css.slice(0, 80)}`);
  return sheets
    .sort((a, b) => a.at - b.at)
    .map((sheet) => sheet.css)
    .join('\n');
}

/**
 * Issue 22: the app imported all of Mantine's stylesheet (31 KB of brotli, about 90 % of it for
 * components no screen uses), which a phone downloads and parses before the first signed-in
 * screen. In a build, `@mantine/core/styles.css` becomes the stylesheets of the components the
 * app imports and of those they are built from (usedMantineCss), in Mantine's order; the
 * sheet-wide parts (baseline, variables, global) come with the entry as before. Worked out from
 * the sources at every build, so a component a screen starts to use brings its styles.
 */
export function mantineStylesUsed(dirs: string[]): Plugin {
  let mantineDir = '';
  return {
    name: 'school-bank:mantine-styles-used',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@mantine/core/styles.css') return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved) mantineDir = path.dirname(resolved.id);
      return resolved;
    },
    load(id) {
      if (!mantineDir || id !== path.join(mantineDir, 'styles.css')) return null;
      return usedMantineCss(dirs, mantineDir);
    },
  };
}
