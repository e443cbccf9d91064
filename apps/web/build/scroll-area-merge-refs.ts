import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Mantine's ScrollArea, which imports one hook (`useMergeRefs`) from floating-ui's React package. */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const VIRTUAL = '\0school-bank:floating-ui-merge-refs';

/** floating-ui's own `useMergeRefs`, as its package ships it (its source, not a copy kept here). */
function mergeRefsSource(fromDir: string): string {
  const require = createRequire(path.join(fromDir, 'noop.js'));
  const file = require
    .resolve('@floating-ui/react')
    .replace(/floating-ui\.react\.[^/\\]+$/, 'floating-ui.react.mjs');
  const code = readFileSync(file, 'utf8');
  const start = code.indexOf('function useMergeRefs(');
  const end = code.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error(`scroll-area-merge-refs: no useMergeRefs in ${file}`);
  return `import * as React from 'react';\nexport ${code.slice(start, end + 2)}\n`;
}

/**
 * Issue 22: the side navigation's ScrollArea is on every signed-in first screen, and its one import
 * from floating-ui (`useMergeRefs`, 40 lines) would make floating-ui's whole React module, with its
 * DOM and core packages, part of the Mantine chunk the first screens wait for: one module is one
 * piece for the bundler, and the popovers that use the rest of it are shared with it.
 * The ScrollArea's import is resolved to that hook alone, taken from floating-ui's own file at build
 * time; popovers, menus and tooltips import the whole package. Builds only.
 */
export function scrollAreaMergeRefs(): Plugin {
  return {
    name: 'school-bank:scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      return mergeRefsSource(path.dirname(fileURLToPath(import.meta.url)));
    },
  };
}
