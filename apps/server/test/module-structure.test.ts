import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDir } from './server-process.js';

/**
 * The server's module structure (issue 11): no import circles, and the jobs are thin timers that
 * nothing but the server's scheduler imports: month-end is a domain module the demo seed and the
 * operator tool use directly.
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
});
