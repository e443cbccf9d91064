import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The stylesheets boot.ts imports on their own, before any component's (the sign-in page needs them). */
const GLOBAL = new Set(['baseline', 'default-css-variables', 'global']);

/** Every module under `dir` (tests aside). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The names the modules `files` import from '@mantine/core'. */
function importedNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
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

/** The own modules (`.ts`, `.tsx`) that `start` imports statically, transitively, `start` included. */
export function staticClosure(start: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // `import … from './x'`, `import './x'`, `export … from './x'`; not `import('./x')`.
    for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?['"](\.{1,2}\/[^'"]+)['"]/g)) {
      if (/import\s*\(/.test(m[0])) continue;
      const base = path.resolve(path.dirname(file), m[1]!);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
      if (found) visit(found);
    }
  };
  start.forEach(visit);
  return [...seen];
}

/**
 * The component folders of @mantine/core (components/, utils/) whose stylesheets the modules
 * `files` need: the modules behind every name they import (index.mjs says which), the modules
 * those import, transitively, and each component folder among them that has a stylesheet of its
 * own (styles/<Folder>.css).
 */
export function mantineFolders(files: string[], mantineDir: string): Set<string> {
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
  for (const name of importedNames(files)) {
    const file = byName.get(name);
    if (file) visit(file);
  }
  const folders = new Set<string>();
  for (const file of seen) for (const folder of componentFolders(file, mantineDir)) folders.add(folder);
  return folders;
}

/** The folders of a module of Mantine's ESM build that have a stylesheet (components/Combobox/…: Combobox). */
function componentFolders(file: string, mantineDir: string): Set<string> {
  const esm = path.join(mantineDir, 'esm');
  const folders = new Set<string>();
  // Components, and the parts they share (utils/InlineInput: the label beside a switch or a box).
  for (const parent of ['components', 'utils']) {
    const relative = path.relative(path.join(esm, parent), file);
    if (relative.startsWith('..')) continue;
    for (const folder of path.dirname(relative).split(path.sep)) {
      if (!GLOBAL.has(folder) && existsSync(path.join(mantineDir, 'styles', `${folder}.css`)))
        folders.add(folder);
    }
  }
  return folders;
}

/** The stylesheets of `folders`, in the order of Mantine's whole sheet. */
export function mantineCss(folders: Iterable<string>, mantineDir: string): string {
  const whole = readFileSync(path.join(mantineDir, 'styles.css'), 'utf8');
  const sheets = [...folders]
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
 * Mantine's whole stylesheet holds every component's styles, most of them for components no first
 * screen uses, and a phone downloads and parses it before the first signed-in screen
 * (docs/adr/0046-mantine-css-per-screen.md). In a build, `@mantine/core/styles.css` becomes the stylesheets of the components that
 * the app and a signed-in visit's first screens import (`first`: the modules they start from,
 * their static imports followed, or folders taken whole) and of those they are built from, in Mantine's order; the
 * sheet-wide parts (baseline, variables, global) come with the entry. Every other
 * component the sources in `dirs` use (staff's forms, popovers, dialogs) brings its own
 * stylesheet: its module imports it, so the stylesheet is in the CSS file of whichever chunk
 * holds the component, and a lazily loaded chunk's CSS is loaded before the chunk runs (the app's
 * sheet is asked for at the highest priority, before any first screen, so it holds only what those
 * screens need). Worked out from the sources at every build, so a component a screen starts to use
 * brings its styles.
 */
export function mantineStylesUsed(dirs: string[], first: string[]): Plugin {
  const mantineDir = path.dirname(fileURLToPath(import.meta.resolve('@mantine/core/styles.css')));
  const firstModules = first.flatMap((entry) =>
    statSync(entry).isDirectory() ? sources(entry) : staticClosure([entry]),
  );
  const firstFolders = mantineFolders(firstModules, mantineDir);
  const all = mantineFolders(dirs.flatMap(sources), mantineDir);
  const later = new Set([...all].filter((folder) => !firstFolders.has(folder)));
  return {
    name: 'school-bank:mantine-styles-used',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== path.join(mantineDir, 'styles.css')) return null;
      return mantineCss(firstFolders, mantineDir);
    },
    transform(code, id) {
      if (!id.startsWith(path.join(mantineDir, 'esm') + path.sep)) return null;
      const own = [...componentFolders(id, mantineDir)].filter((folder) => later.has(folder));
      if (own.length === 0) return null;
      const imports = own.map(
        (folder) => `import ${JSON.stringify(path.join(mantineDir, 'styles', `${folder}.css`))};\n`,
      );
      return { code: imports.join('') + code, map: null };
    },
  };
}
