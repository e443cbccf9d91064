/**
 * zod compiles a fast validator for object schemas with `new Function`, after probing once whether
 * it may (`new Function('')`). The server's Content-Security-Policy forbids eval, so the probe is
 * refused and the browser reports a CSP violation on every page (issue 22). Jitless, zod validates
 * without compiling and never probes; the answers it checks are small.
 *
 * zod 4 reads its settings from `globalThis.__zod_globalConfig` when a schema is built, shared by
 * every copy of it. They are set here, by the bootstrap, before any chunk that builds a schema has
 * loaded, and without importing zod (the sign-in page does not load it). A `config()` call at the top
 * of the app's own chunk would come too late: the bundle evaluates the chunks it imports (the shared
 * contract's schemas among them) before its own code.
 */
// Changed in place: a zod already loaded (tests load it first) holds this very object.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
