import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir } from './server-process.js';

/**
 * The server's module structure (issue 11): no import circles, and the jobs are thin timers that
 * nothing but the server's scheduler imports: month-end is a domain module the demo seed and the
 * operator tool use directly. And one direction between the domain's areas (issue 31): each area
 * builds on the ones below it and never imports one beside or above it.
 */
const srcDir = path.join(serverDir, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Each file's relative imports (type-only ones too: a circle of types is still a circle), as files. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/from\s+'(\.[^']+)'/g)].map((m) =>
      path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')),
    );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function findCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') circles.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles.map((c) => c.map((f) => path.relative(srcDir, f)));
}

/**
 * The domain's areas, bottom to top: an area imports only areas of the layers below its own (and
 * the domain's own files: access, actor, errors, paging, search), never one of its layer or above.
 * An area is a folder of domain/ (its subfolders are part of it), or a folder of the ledger's:
 * the ledger's core is its top folder, and the folders below it each hold one idea built on the core.
 * An import that would run up asks for the rule to move down (formatCents is in @bank/shared; the
 * months that month-end, interest and statements all read are in domain/months), or for the caller
 * to pass it in (the route gives the bank's settings the schedules' rescheduleBank).
 */
const DOMAIN_LAYERS: string[][] = [
  ['auth', 'audit', 'months', 'branches', 'tickets', 'housekeeping', 'job-items', 'notifications'],
  ['bank'],
  ['ledger'],
  [
    'ledger/posting',
    'ledger/paydays',
    'ledger/corrections',
    'interest',
    'statements',
    'goals',
    'requests',
    'store',
    'auctions',
  ],
  ['ledger/reversals', 'month-end'],
  ['accounts', 'economy'],
  ['users', 'schedules'],
  ['demo'],
];

const domainDir = path.join(srcDir, 'domain');

/** The area of a file under domain/ (the longest listed folder it is in), '' for the domain's own files, or null. */
function areaOf(file: string): string | null {
  const relative = path.relative(domainDir, file).split(path.sep).join('/');
  if (relative.startsWith('..')) return null;
  if (!relative.includes('/')) return '';
  const areas = DOMAIN_LAYERS.flat().filter((area) => relative.startsWith(area + '/'));
  return areas.sort((a, b) => b.length - a.length)[0] ?? `unlisted: ${relative.split('/')[0]}`;
}

const layerOf = (area: string) =>
  area === '' ? -1 : DOMAIN_LAYERS.findIndex((layer) => layer.includes(area));

/** Every import between two areas of the domain that does not run down, as "from -> to (file)". */
function importsNotRunningDown(): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of importGraph()) {
    const from = areaOf(file);
    if (from === null) continue;
    for (const target of targets) {
      const to = areaOf(target);
      // Outside the domain, inside one area, or the domain's own files (every area may use them).
      if (to === null || to === from || to === '') continue;
      if (from !== '' && layerOf(to) < layerOf(from)) continue;
      wrong.push(`${from || 'domain'} -> ${to || 'domain'} (${path.relative(srcDir, file)})`);
    }
  }
  return wrong.sort();
}

describe('the server module structure', () => {
  it('has no import circles', () => {
    expect(findCircles(importGraph())).toEqual([]);
  });

  it('lets only the scheduler and the job registry import the jobs', () => {
    const importers = [...importGraph()]
      .filter(([, targets]) => targets.some((t) => t.startsWith(path.join(srcDir, 'jobs') + path.sep)))
      .map(([file]) => path.relative(srcDir, file))
      .filter((file) => !file.startsWith('jobs' + path.sep));
    expect(importers.sort()).toEqual(['server.ts']);
  });

  it('puts every area of the domain in one layer', () => {
    const areas = readdirSync(domainDir).filter((name) => statSync(path.join(domainDir, name)).isDirectory());
    const ledgerAreas = readdirSync(path.join(domainDir, 'ledger'))
      .filter((name) => statSync(path.join(domainDir, 'ledger', name)).isDirectory())
      .map((name) => `ledger/${name}`);
    expect([...areas, ...ledgerAreas].filter((area) => layerOf(area) < 0)).toEqual([]);
    expect(new Set(DOMAIN_LAYERS.flat()).size).toBe(DOMAIN_LAYERS.flat().length);
  });

  it('has every import between domain areas run down the layers', () => {
    expect(importsNotRunningDown()).toEqual([]);
  });

  it('keeps the domain free of the server around it, and the database code free of the domain', () => {
    const outer = ['routes', 'plugins', 'jobs', 'operator', 'backup', 'export'].map((dir) =>
      path.join(srcDir, dir),
    );
    const wrong = [...importGraph()].flatMap(([file, targets]) =>
      targets
        .filter((target) =>
          file.startsWith(domainDir + path.sep)
            ? outer.some((dir) => target.startsWith(dir + path.sep))
            : file.startsWith(path.join(srcDir, 'db') + path.sep) && target.startsWith(domainDir + path.sep),
        )
        .map((target) => `${path.relative(srcDir, file)} -> ${path.relative(srcDir, target)}`),
    );
    expect(wrong).toEqual([]);
  });
});
