import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite';

/** A screen that a signed-in visit often opens first: the address it answers and its modules. */
export interface FirstScreen {
  /** A regular expression over `location.pathname`. */
  path: string;
  /** Source modules (from the web app's root) whose chunks the screen needs beyond the app's. */
  modules: string[];
}

type Chunk = Extract<NonNullable<IndexHtmlTransformContext['bundle']>[string], { type: 'chunk' }>;

/** The chunks a chunk needs before it runs, itself included: its static imports, transitively. */
function closure(bundle: Record<string, Chunk>, start: Chunk[]): Set<string> {
  const seen = new Set<string>();
  const visit = (chunk: Chunk | undefined) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(bundle[file]);
  };
  start.forEach(visit);
  return seen;
}

/** The stylesheets that Vite loads with these chunks, each once. */
function stylesheetsOf(bundle: Record<string, Chunk>, files: string[]): string[] {
  return [...new Set(files.flatMap((file) => [...(bundle[file]?.viteMetadata?.importedCss ?? [])]))];
}

/**
 * Issue 22: the files of a signed-in visit's first screen, listed in index.html (one `<meta
 * name="first-screen">` per screen, data only: the Content-Security-Policy runs no inline script),
 * so that the page script (boot.ts) can ask for them with `<link rel="modulepreload">` beside the app's
 * own files, instead of the router asking once the app has loaded and matched the route: one
 * round trip less before a phone shows the screen. Hints, not imports: the chunks stay as the
 * bundler cut them (an `import()` from the entry split the app's chunk into many small ones).
 * Only the files beyond the entry's and the app's (`appModule`), which load anyway.
 */
export function firstScreens(signInModule: string, appModule: string, screens: FirstScreen[]): Plugin {
  return {
    name: 'school-bank:first-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.fromEntries(
          Object.entries(ctx.bundle).filter((entry): entry is [string, Chunk] => entry[1].type === 'chunk'),
        );
        const of = (module: string) => {
          // The chunk a module starts (its facade), or the group chunk that took it (main.tsx).
          const found =
            Object.values(chunks).find((c) => c.facadeModuleId?.endsWith(`/${module}`)) ??
            Object.values(chunks).find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
          if (!found) throw new Error(`first-screens: no chunk for ${module}`);
          return found;
        };
        const pageScript = closure(
          chunks,
          Object.values(chunks).filter((c) => c.isEntry),
        );
        // The sign-in page's bootstrap (`signInModule`), which the page's small script imports: asked
        // for by the page itself, beside that script, so that /login waits no round trip more.
        const signInFiles = [...closure(chunks, [of(signInModule)])].filter((file) => !pageScript.has(file));
        const entryFiles = new Set([...pageScript, ...signInFiles]);
        const loaded = closure(chunks, [
          ...Object.values(chunks).filter((c) => c.isEntry),
          of(signInModule),
          of(appModule),
        ]);
        // Its stylesheet as the page's own (render-blocking, as when the one entry file held it):
        // the sign-in page shows styled at once, and the import finds the link and adds none.
        const preloads: HtmlTagDescriptor[] = [
          ...stylesheetsOf(chunks, signInFiles).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...signInFiles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
        const tags: HtmlTagDescriptor[] = screens.map(({ path, modules }) => {
          const files = [...closure(chunks, modules.map(of))].filter((file) => !loaded.has(file));
          const hrefs = [...files, ...stylesheetsOf(chunks, files)].map((file) => `/${file}`);
          return {
            tag: 'meta',
            attrs: { name: 'first-screen', 'data-path': path, content: hrefs.join(' ') },
            injectTo: 'head' as const,
          };
        });
        // The app's own files (beyond the entry's), the largest first: a signed-in first visit asks
        // for them before the app's import does, so that the file the screen waits for longest
        // starts first on the browser's few connections (boot.ts).
        const appFiles = [...closure(chunks, [of(appModule)])]
          .filter((file) => !entryFiles.has(file))
          .sort((a, b) => (chunks[b]?.code.length ?? 0) - (chunks[a]?.code.length ?? 0));
        // And the app's stylesheet: the app's import asks for it only once the sign-in page's
        // bootstrap has run, and the first screen does not show before it.
        tags.push({
          tag: 'meta',
          attrs: {
            name: 'app-files',
            content: [...appFiles, ...stylesheetsOf(chunks, appFiles)].map((file) => `/${file}`).join(' '),
          },
          injectTo: 'head' as const,
        });
        return { html, tags: [...preloads, ...tags] };
      },
    },
  };
}
