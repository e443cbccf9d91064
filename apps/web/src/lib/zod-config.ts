/**
 * zod compiles a fast validator for object schemas with `new Function`, after probing once whether
 * it may (`new Function('')`). The server's Content-Security-Policy forbids eval, so the probe is
 * refused and the browser reports a CSP violation on every page (issue 22). Jitless, zod validates
 * without compiling and never probes; the answers it checks are small.
 *
 * The probe runs when the first object schema is built, that is when the contract's module is
 * evaluated, in whichever chunk the bundler put it: `config({ jitless: true })` in the app's chunk
 * ran after it. zod keeps its settings in `globalThis.__zod_globalConfig`, creating it only when
 * absent (zod/v4/core/core.js), so setting it here, in the entry, before any chunk with zod loads,
 * turns the probe off without bringing zod into the sign-in page's download.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
