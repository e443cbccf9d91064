import { config } from 'zod';

/**
 * zod compiles a fast validator for object schemas with `new Function`, after probing once whether
 * it may (`new Function('')`). The server's Content-Security-Policy forbids eval, so the probe is
 * refused and the browser reports a CSP violation on every page (issue 22). Jitless, zod validates
 * without compiling and never probes; the answers it checks are small.
 */
config({ jitless: true });
