import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { createScratchDatabase } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite data directory (PGlite's `dumpDataDir`). */
    pgliteSnapshotFile: string | undefined;
    /** A migrated, empty database on the PostgreSQL server, copied with `create database … template`. */
    postgresTemplate: string | undefined;
    /** Where each worker adds its counts of API answers checked against the document (document-check.ts). */
    documentCheckDir: string | undefined;
  }
}

/** What shapes a migrated database: the migrations, then the database functions applied after them. */
const schemaDirs = ['../src/db/migrations/', '../src/db/functions/'].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/school-bank-tests/', import.meta.url));

/** The installed PGlite's version (its package.json is not among the package's exports). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Names the snapshot by everything that shapes it: the migrations, the functions and the PGlite release. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  for (const dir of schemaDirs) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      hash
        .update(path.basename(dir))
        .update(file)
        .update(readFileSync(path.join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** A migrated, empty PGlite data directory as a tarball, made once and kept until a migration or a function changes. */
async function pgliteSnapshot(): Promise<string> {
  const file = path.join(cacheDir, `pglite-${snapshotKey()}.tar`);
  if (existsSync(file)) return file;
  const handle = await openDatabase({});
  const tarball = await handle.dumpDataDir!();
  await handle.close();
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed, so a run that stops half-way never leaves a broken snapshot.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/**
 * Migrates one database for the whole run, so that each test file starts from a copy instead of
 * running initdb (slow on PGlite) and every migration again (docs/perf/test-speed.md).
 */
export default async function setup(project: TestProject) {
  const countsDir = mkdtempSync(path.join(tmpdir(), 'bank-document-check-'));
  project.provide('documentCheckDir', countsDir);
  const printCounts = () => {
    printDocumentCheckCounts(countsDir);
    rmSync(countsDir, { recursive: true, force: true });
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, { prefix: 'bank_template' });
    await (await openDatabase({ databaseUrl: template.url })).close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteSnapshotFile', undefined);
    return async () => {
      printCounts();
      await template.drop();
    };
  }
  project.provide('pgliteSnapshotFile', await pgliteSnapshot());
  project.provide('postgresTemplate', undefined);
  return printCounts;
}

/** The run's totals of API answers checked against the served OpenAPI document, printed once. */
function printDocumentCheckCounts(dir: string) {
  let requests = 0;
  let validated = 0;
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean)) {
      const counts = JSON.parse(line) as { requests: number; validated: number };
      requests += counts.requests;
      validated += counts.validated;
    }
  }
  console.log(
    `OpenAPI document check: ${validated} of ${requests} API answers validated against the served document`,
  );
}
