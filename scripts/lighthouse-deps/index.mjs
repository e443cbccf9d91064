/**
 * The libraries scripts/lighthouse.mjs runs, imported from here so that they resolve from this
 * folder's own node_modules (installed on demand) and never from the repository's.
 */
import { createRequire } from 'node:module';

export { default as lighthouse } from 'lighthouse';
export * as chromeLauncher from 'chrome-launcher';
export { default as puppeteer } from 'puppeteer-core';

export const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;
