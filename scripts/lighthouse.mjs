#!/usr/bin/env node
/**
 * Lighthouse on a phone (issue 22): /login signed out, then /home and an account page signed in as
 * the demo bank's Student, each LIGHTHOUSE_RUNS times (3), with Lighthouse's default configuration
 * (the mobile preset: a mid-range phone, simulated slow 4G and a 4x slower CPU).
 *
 * `npm run lighthouse` builds the web app and the server when a source is newer than the build,
 * starts the built server on a free port with the embedded database and the demo bank in a
 * temporary data directory, and runs Chromium (CHROME_PATH, default /usr/bin/chromium) headless.
 * The session: the web app keeps its token in the tab's sessionStorage (apps/web/src/lib/auth-store.ts),
 * so the script signs in through the API, opens the app's origin in a fresh tab, stores the token
 * there and lets Lighthouse load the page in that same tab (Lighthouse clears the HTTP cache and
 * the origin's service workers and caches, not sessionStorage).
 *
 * It writes one summary per page to docs/perf/lighthouse/<page>.json (the scores, LCP, TBT, FCP, CLS and
 * Speed Index of every run with the machine's load average, and the median of each figure) and
 * prints a table of the medians. Full reports are not kept unless LIGHTHOUSE_REPORTS=<dir> asks.
 * LIGHTHOUSE_PAGES=home,account measures some pages only; LIGHTHOUSE_OUT=<dir> writes the
 * summaries elsewhere.
 *
 * Lighthouse, chrome-launcher and puppeteer-core are not dependencies of the repository: the first
 * run installs the versions pinned in scripts/lighthouse-deps/ (`npm ci` there, with its own lock),
 * so that `npm install` stays free of a tool that asks for Node 22.19 and that only this script
 * uses. `npm run lighthouse -- --help` installs and loads them, prints their versions and measures
 * nothing.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEPS = path.join(root, 'scripts/lighthouse-deps');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const OUT = path.resolve(root, process.env.LIGHTHOUSE_OUT ?? 'docs/perf/lighthouse');
const REPORTS = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : null;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/** The demo bank's Student (README, "Demo sign-ins"): the user the phone pages are for. */
const STUDENT = { username: 'student', password: 'Demo-1234' };

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  fcp: 'first-contentful-paint',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/** True when scripts/lighthouse-deps/node_modules holds every package at the version pinned there. */
function depsInstalled() {
  const { dependencies } = JSON.parse(readFileSync(path.join(DEPS, 'package.json'), 'utf8'));
  return Object.entries(dependencies).every(([name, version]) => {
    const installed = path.join(DEPS, 'node_modules', name, 'package.json');
    return existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === version;
  });
}

/**
 * Lighthouse and its browser drivers, installed into scripts/lighthouse-deps on first use (or when
 * the pinned versions changed) and imported from there.
 */
async function loadLighthouse() {
  if (!depsInstalled()) {
    console.log('Installing Lighthouse into scripts/lighthouse-deps (first run only)...');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: DEPS,
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error('npm ci in scripts/lighthouse-deps failed');
  }
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 19)) {
    console.log(`Lighthouse asks for Node 22.19 or later; running it on Node ${process.versions.node}.`);
  }
  return import(pathToFileURL(path.join(DEPS, 'index.mjs')).href);
}

/** True when the build is missing or older than a source file it is made of. */
function buildIsStale() {
  const outputs = ['apps/web/dist/index.html', 'apps/server/dist/server.js'].map((f) => path.join(root, f));
  if (!outputs.every(existsSync)) return true;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const newest = (dir) => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }
    return latest;
  };
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/shared/src'];
  return sources.some((s) => {
    const full = path.join(root, s);
    return (statSync(full).isDirectory() ? newest(full) : statSync(full).mtimeMs) > built;
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy in 3 minutes');
}

/** The built server, as `npm start` runs it, on the embedded database with the demo bank. */
async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-lighthouse-'));
  const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      BACKUP_KEEP: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

/** Signs the Student in through the API: the session the web app would store, and an account of theirs. */
async function signIn(base) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDENT),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const token = (await login.text()).trim();
  const accounts = await fetch(`${base}/api/user/accounts/user/${STUDENT.username}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!accounts.ok) throw new Error(`the Student's accounts: ${accounts.status}`);
  const [account] = await accounts.json();
  if (!account) throw new Error('the demo Student has no account');
  return { session: { token, username: STUDENT.username }, accountId: account.accountId };
}

const round2 = (n) => Math.round(n * 100) / 100;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse navigation in a fresh tab; `session` is stored in the tab first when given. */
async function measure(browser, base, page, session) {
  const tab = await browser.newPage();
  try {
    if (session) {
      // Any response of the app's origin will do to hold sessionStorage; the health check is tiny.
      await tab.goto(`${base}/api/healthz`);
      await tab.evaluate((value) => sessionStorage.setItem('bank.session', value), JSON.stringify(session));
    }
    const load = os.loadavg();
    const result = await tools.lighthouse(
      `${base}${page.path}`,
      { output: 'json', logLevel: 'error' },
      undefined,
      tab,
    );
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`${page.path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${page.name}-${Date.now()}.json`), result.report);
    }
    const finalUrl = new URL(lhr.finalDisplayedUrl).pathname;
    return {
      date: lhr.fetchTime,
      loadAverage: load.map(round2),
      loadAverageAfter: os.loadavg().map(round2),
      finalPath: finalUrl,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([key, id]) => [
          key,
          Math.round(lhr.audits[id].numericValue * 1000) / 1000,
        ]),
      ),
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await tab.close();
  }
}

/**
 * On a loaded machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): such a run
 * measured nothing, so it is run again, up to twice; the summary counts the retries.
 */
async function measureWithRetries(browser, base, page, session) {
  for (let attempt = 0; ; attempt++) {
    try {
      return { ...(await measure(browser, base, page, session)), retries: attempt };
    } catch (error) {
      if (attempt >= 2 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.log(`${page.path}: ${error.message.split('\n')[0]}; running it again`);
    }
  }
}

function summarize(page, runs) {
  const pick = (get) => median(runs.map(get));
  return {
    page: page.path,
    signedIn: page.signedIn,
    lighthouse: lighthouseVersion,
    preset: 'default (mobile, simulated throttling)',
    chrome: chromeVersion,
    cpus: os.cpus().length,
    note: 'median of each figure over the runs; the machine was shared, see loadAverage (1, 5, 15 min) per run',
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, pick((r) => r.scores[c])])),
      metrics: Object.fromEntries(Object.keys(METRICS).map((m) => [m, pick((r) => r.metrics[m])])),
      loadAverage1m: pick((r) => r.loadAverage[0]),
    },
    runs,
  };
}

function printTable(summaries) {
  const rows = summaries.map(({ page, median: m }) => ({
    page,
    perf: m.scores.performance,
    a11y: m.scores.accessibility,
    'best pr.': m.scores['best-practices'],
    'LCP s': (m.metrics.lcp / 1000).toFixed(1),
    'TBT ms': Math.round(m.metrics.tbt),
    'FCP s': (m.metrics.fcp / 1000).toFixed(1),
    CLS: m.metrics.cls.toFixed(3),
    'SI s': (m.metrics.si / 1000).toFixed(1),
    load: m.loadAverage1m.toFixed(1),
  }));
  console.table(rows);
}

/** The on-demand libraries (loadLighthouse), set once main has loaded them. */
let tools;
let lighthouseVersion = 'unknown';
let chromeVersion = 'unknown';

/**
 * LIGHTHOUSE_BASELINE=<git ref>: that commit's web app, built from `git archive` in a folder of the
 * repository (so that it finds the repository's node_modules; its own @bank/shared is linked in),
 * is served by a second server (the same server build, WEB_DIST_DIR) and measured run for run
 * beside this one, in alternating order: on a shared machine both then see the same load.
 */
function buildBaseline(ref) {
  const dir = mkdtempSync(path.join(root, '.lighthouse-baseline-'));
  const archive = spawnSync(
    'sh',
    [
      '-c',
      `git archive ${JSON.stringify(ref)} apps/web packages/shared tsconfig.base.json | tar -x -C "${dir}"`,
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  if (archive.status !== 0) {
    cleanup();
    throw new Error(`git archive ${ref} failed`);
  }
  mkdirSync(path.join(dir, 'node_modules/@bank'), { recursive: true });
  symlinkSync(path.join(dir, 'packages/shared'), path.join(dir, 'node_modules/@bank/shared'));
  console.log(`Building the web app of ${ref}...`);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(dir, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    cleanup();
    throw new Error(`the web app of ${ref} did not build`);
  }
  return { dist: path.join(dir, 'apps/web/dist'), cleanup };
}

function logRun(label, page, i, run) {
  console.log(
    `${label}${page.path} run ${i + 1}: performance ${run.scores.performance}, LCP ${run.metrics.lcp.toFixed(0)} ms, ` +
      `TBT ${run.metrics.tbt.toFixed(0)} ms, load ${run.loadAverage[0]}`,
  );
}

/** Every page RUNS times on each variant (this build, and the baseline's when given), alternating. */
async function measurePages(browser, variants, pages) {
  const results = new Map(variants.map((v) => [v.label, []]));
  for (const page of pages) {
    const runs = new Map(variants.map((v) => [v.label, []]));
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? variants : [...variants].reverse();
      for (const variant of order) {
        const target = { ...page, path: page.path.replace(':accountId', variant.accountId) };
        const run = await measureWithRetries(
          browser,
          variant.base,
          target,
          page.signedIn ? variant.session : null,
        );
        if (run.finalPath !== target.path) {
          throw new Error(`${target.path} ended on ${run.finalPath}: the session was not taken`);
        }
        logRun(variant.label ? `[${variant.label}] ` : '', target, i, run);
        runs.get(variant.label).push(run);
      }
    }
    for (const variant of variants) {
      const target = { ...page, path: page.path.replace(':accountId', variant.accountId) };
      results.get(variant.label).push(summarize(target, runs.get(variant.label)));
    }
  }
  return results;
}

async function main() {
  tools = await loadLighthouse();
  lighthouseVersion = tools.lighthouseVersion;
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    printHelp();
    return;
  }
  if (buildIsStale()) {
    console.log('Building the web app and the server...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const baselineRef = process.env.LIGHTHOUSE_BASELINE;
  const baseline = baselineRef ? buildBaseline(baselineRef) : null;
  const servers = [];
  let chrome;
  try {
    servers.push(await startServer());
    if (baseline) servers.push(await startServer({ WEB_DIST_DIR: baseline.dist }));
    chrome = await tools.chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const browser = await tools.puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    chromeVersion = await browser.version();
    const variants = [];
    for (const [i, server] of servers.entries()) {
      variants.push({
        label: i === 0 ? '' : `baseline ${baselineRef}`,
        base: server.base,
        ...(await signIn(server.base)),
      });
    }
    const pages = [
      { name: 'login', path: '/login', signedIn: false },
      { name: 'home', path: '/home', signedIn: true },
      { name: 'account', path: '/account/:accountId', signedIn: true },
    ].filter(
      (p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.name),
    );
    const results = await measurePages(browser, variants, pages);
    browser.disconnect();
    mkdirSync(OUT, { recursive: true });
    const current = results.get('');
    for (const [i, page] of pages.entries()) {
      const summary = { ...current[i] };
      if (baseline) summary.baseline = { ref: baselineRef, ...results.get(variants[1].label)[i] };
      // As the repository's formatter writes JSON, so that the committed summaries pass its check.
      const json = await prettier.format(JSON.stringify(summary), { parser: 'json' });
      writeFileSync(path.join(OUT, `${page.name}.json`), json);
    }
    if (baseline) {
      console.log(`Baseline ${baselineRef}, measured alternately with this build:`);
      printTable(results.get(variants[1].label));
      console.log('This build:');
    }
    printTable(current);
  } finally {
    chrome?.kill();
    for (const server of servers) server.stop();
    baseline?.cleanup();
  }
}

function printHelp() {
  const pinned = JSON.parse(readFileSync(path.join(DEPS, 'package.json'), 'utf8')).dependencies;
  console.log(`npm run lighthouse: Lighthouse ${lighthouseVersion} (mobile preset) on /login, /home and an account page.

Environment: LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES (login,home,account), LIGHTHOUSE_OUT (docs/perf/lighthouse),
LIGHTHOUSE_REPORTS (a folder for the full reports), LIGHTHOUSE_BASELINE (a git ref measured run for run
beside this build), CHROME_PATH (${CHROME_PATH}).

Loaded from scripts/lighthouse-deps: ${Object.entries(pinned)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')}.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
