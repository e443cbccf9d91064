#!/usr/bin/env node
/**
 * The web app's size budget (ARCHITECTURE rule 14): the JavaScript a school Chromebook downloads
 * before the sign-in page runs, what the app adds to it (router, Mantine, TanStack Query: loaded
 * while the user types, docs/adr/0042-the-sign-in-page-in-plain-react.md), what the signed-in
 * shell (layout, side navigation, user menu, notifications) adds to both, and what the account
 * page adds to all of them, compressed as the server sends them.
 * Reads what `vite build` emitted (apps/web/dist/.vite/manifest.json and the .br/.gz copies beside
 * each file), prints a table, writes the figures as JSON when given --json <file>, and exits 1
 * when a figure is over its limit. `node .ci/bundle-budget.mjs` after `npm run build`; WEB_DIST=<dir>
 * measures another build.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

/**
 * Kilobytes (1,024 bytes) of brotli as sent; gzip is reported beside it for browsers without brotli.
 * `target` is issue 13's goal; `limit` is what CI enforces: the target where the build meets it,
 * otherwise a ceiling that is only ever lowered, so that the figure can only go down until it
 * meets the target (docs/adr/0043-bundle-budget-in-ci.md; the figures over time in
 * docs/perf/web-bundle.md).
 */
export const budgets = {
  signIn: { targetKB: 100, limitKB: 100 },
  // Not one of the targets: what every screen after sign-in needs.
  appAdds: { targetKB: 130, limitKB: 130 },
  // Not one of the targets: what moved out of the sign-in page.
  shellAdds: { targetKB: 50, limitKB: 50 },
  accountAdds: { targetKB: 40, limitKB: 40 },
};

/**
 * The sign-in page is the page's script (src/boot.ts, index.html's entry), the bootstrap it imports
 * (src/main.tsx, in a chunk of its own that index.html asks for beside the script) and what those
 * import statically: all that a first visit to /login downloads before the page runs. The app is
 * the module the bootstrap imports dynamically for everything else.
 */
const APP = 'src/app/start-app.tsx';
const ACCOUNT_PAGE = 'src/features/accounts/account-page.tsx';
/** What every screen behind sign-in loads beside its own chunk (app/router.tsx, app/layouts/). */
const SIGNED_IN_SHELL = ['src/app/layouts/frame.ts', 'src/app/notifications-host.tsx'];

function load() {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) {
    console.error(`bundle budget: ${file} is missing; run \`npm run build -w apps/web\` first`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The chunk keys a chunk needs before it can run: itself and its static imports, transitively. */
function closure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, seen);
  return seen;
}

function sizes(manifest, keys) {
  let raw = 0;
  let gz = 0;
  let br = 0;
  const files = [];
  for (const key of keys) {
    const file = path.join(dist, manifest[key].file);
    if (!file.endsWith('.js')) continue;
    const content = readFileSync(file);
    raw += content.length;
    gz += existsSync(`${file}.gz`)
      ? readFileSync(`${file}.gz`).length
      : gzipSync(content, { level: 9 }).length;
    br += existsSync(`${file}.br`)
      ? readFileSync(`${file}.br`).length
      : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    files.push(manifest[key].file);
  }
  const kb = (n) => Math.round((n / 1024) * 10) / 10;
  return { rawKB: kb(raw), gzipKB: kb(gz), brotliKB: kb(br), files: files.sort() };
}

export function measure() {
  const manifest = load();
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!manifest[APP]) {
    console.error(`bundle budget: ${APP} is not a chunk of its own; the sign-in page would carry the app`);
    process.exit(2);
  }
  const signIn = closure(manifest, entryKey);
  for (const bootstrap of manifest[entryKey].dynamicImports ?? []) closure(manifest, bootstrap, signIn);
  const app = closure(manifest, APP, new Set(signIn));
  const shell = new Set(app);
  for (const key of SIGNED_IN_SHELL) closure(manifest, key, shell);
  const account = closure(manifest, ACCOUNT_PAGE, new Set(shell));
  const beyond = (set, before) => [...set].filter((k) => !before.has(k));
  return {
    signIn: sizes(manifest, signIn),
    signInCss: [...signIn].flatMap((k) => manifest[k].css ?? []),
    appAdds: sizes(manifest, beyond(app, signIn)),
    shellAdds: sizes(manifest, beyond(shell, app)),
    accountAdds: sizes(manifest, beyond(account, shell)),
  };
}

function main() {
  const figures = measure();
  const rows = [
    ['sign-in page JS', figures.signIn, budgets.signIn],
    ['the app adds', figures.appAdds, budgets.appAdds],
    ['signed-in shell adds', figures.shellAdds, budgets.shellAdds],
    ['account page adds', figures.accountAdds, budgets.accountAdds],
  ];
  let over = 0;
  const cell = (v, width = 8) => String(v).padStart(width);
  console.log('bundle budget, JS in KB (1,024 bytes); each row beyond the rows above it');
  console.log(
    `${'what'.padEnd(20)} ${cell('raw')} ${cell('gzip')} ${cell('brotli')} ${cell('limit')} ${cell('target')}`,
  );
  for (const [what, s, budget] of rows) {
    const ok = s.brotliKB <= budget.limitKB;
    if (!ok) over++;
    const verdict = !ok
      ? 'OVER THE LIMIT'
      : s.brotliKB <= budget.targetKB
        ? 'ok'
        : 'within the limit, above the target';
    console.log(
      `${what.padEnd(20)} ${cell(s.rawKB)} ${cell(s.gzipKB)} ${cell(s.brotliKB)} ${cell(budget.limitKB)} ${cell(budget.targetKB)}  ${verdict}`,
    );
    console.log(`  ${s.files.join(', ')}`);
    if (s === figures.signIn)
      console.log(`  and its stylesheet (not budgeted): ${figures.signInCss.join(', ')}`);
  }
  // The page runs before the app: none of the app's libraries may come back into it unnoticed
  // (the router alone would still fit under 100 KB). The names are vite.config.ts's chunk groups.
  const app = figures.signIn.files.filter((file) => /^assets\/(libraries|mantine-more)-/.test(file));
  if (app.length) {
    console.error(`bundle budget: the sign-in page loads the app's ${app.join(', ')}`);
    over++;
  }
  // Nor zod into any file a signed-in first screen waits for: the web takes the contract's addresses
  // only (apps/web/build/contract-addresses.ts); a schema imported by name on those screens would
  // bring zod back. Every zod build names its base class in a string.
  const first = [figures.signIn, figures.appAdds, figures.shellAdds, figures.accountAdds].flatMap(
    (s) => s.files,
  );
  const withZod = first.filter(
    (file) => readFileSync(path.join(dist, file), 'utf8').match(/["'`]\$ZodType["'`]/) !== null,
  );
  if (withZod.length) {
    console.error(`bundle budget: zod is in ${withZod.join(', ')}, which the first screens wait for`);
    over++;
  }
  const json = process.argv.indexOf('--json');
  if (json > 0) writeFileSync(process.argv[json + 1], JSON.stringify({ budgets, ...figures }, null, 2));
  if (over) {
    console.error(`bundle budget: ${over} figure(s) over budget`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
