import type { Plugin } from 'vite';

/** Modules that only re-export a library: following all their imports makes every module look needed. */
const BARREL = [
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/,
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](tabler-icons-react|icons[\\/]index)\.mjs$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/]index\.ts$/,
];
const isBarrel = (id: string) => BARREL.some((re) => re.test(id));
/** The shared package's modules (packages/shared). */
const SHARED = /[\\/]packages[\\/]shared[\\/]src[\\/]/;

/** Mantine's hooks: those the app or the first screens need and fewer chunks share than the Mantine chunk takes. */
const MANTINE_HOOKS = /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]/;
/** Libraries the app's modules use beside Mantine's components: the notifications' store. */
const APP_LIBRARIES = /[\\/]node_modules[\\/]@mantine[\\/](notifications|store)[\\/]/;

/**
 * `import a, { b, c as d } from 'x'` and `export { b, c as d } from 'x'` in a module's code: the
 * imported (or re-exported) names per specifier.
 */
function namedImports(code: string): { spec: string; names: string[] }[] {
  const found = [];
  for (const m of code.matchAll(
    /(?:import|export)\s+(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*["']([^"']+)["']/g,
  )) {
    const names = (m[2] ?? '')
      .split(',')
      .map((part) =>
        part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean);
    if (m[1]) names.push('default');
    found.push({ spec: m[3]!, names });
  }
  return found;
}

type Graph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    importers: readonly string[];
    exports?: string[];
  } | null;
};

/**
 * Which library modules a name imported from a library's entry is: Mantine's components (its
 * index.mjs says which file), Tabler's icons (a file each), the shared package's modules (by
 * their exports), TanStack Query's helpers (a file each) and dayjs. Other libraries are left to the bundler.
 */
function libraryResolver(graph: Graph, ids: string[]) {
  const mantineIndex = ids.find((id) => /[\\/]@mantine[\\/]core[\\/]esm[\\/]index\.mjs$/.test(id));
  const mantine = new Map<string, string>();
  if (mantineIndex) {
    const dir = mantineIndex.slice(0, -'index.mjs'.length);
    for (const m of (graph.getModuleInfo(mantineIndex)?.code ?? '').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*"\.\/([^"]+)"/g,
    )) {
      for (const name of m[1]!.split(',')) mantine.set(name.trim(), dir + m[2]!);
    }
  }
  const shared = ids.filter((id) => SHARED.test(id) && !isBarrel(id));
  return (spec: string, name: string): string | undefined => {
    if (spec === '@mantine/core') return mantine.get(name);
    if (spec === '@tabler/icons-react') return ids.find((id) => id.endsWith(`/icons/${name}.mjs`));
    if (spec === '@bank/shared') return shared.find((id) => graph.getModuleInfo(id)?.exports?.includes(name));
    if (spec === 'dayjs') return ids.find((id) => /[\\/]dayjs[\\/]dayjs\.min\.js$/.test(id));
    // TanStack Query's helpers, a file each (infiniteQueryOptions: an account's transactions).
    if (spec === '@tanstack/react-query')
      return ids.find((id) => id.endsWith(`/@tanstack/react-query/build/modern/${name}.js`));
    return undefined;
  };
}

/** The modules of the first screens' chunk: what `screens` need and `entries` do not (see below). */
function firstScreensModules(
  graph: Graph,
  own: (id: string) => boolean,
  entries: string[],
  screens: string[],
) {
  const ids = [...graph.getModuleIds()];
  const resolve = libraryResolver(graph, ids);
  const find = (module: string) => {
    const id = ids.find((candidate) => candidate.endsWith(`/${module}`));
    if (!id) throw new Error(`first-screens-chunk: no module ${module}`);
    return id;
  };
  /**
   * The own modules `start` reaches, and the library modules they need; `withShared`: the shared
   * package's modules that own modules import by their own paths (`@bank/shared/messages`) too.
   */
  const needs = (start: string[], withShared = false) => {
    const ownSeen = new Set<string>();
    const libSeen = new Set<string>();
    const visitLib = (id: string | undefined) => {
      if (!id || libSeen.has(id) || own(id) || isBarrel(id)) return;
      libSeen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visitLib(next);
    };
    const visitOwn = (id: string) => {
      if (ownSeen.has(id) || !(own(id) || (withShared && SHARED.test(id) && !isBarrel(id)))) return;
      ownSeen.add(id);
      const info = graph.getModuleInfo(id);
      for (const next of info?.importedIds ?? []) visitOwn(next);
      for (const { spec, names } of namedImports(info?.code ?? '')) {
        for (const name of names) visitLib(resolve(spec, name));
      }
    };
    start.map(find).forEach(visitOwn);
    return { ownSeen, libSeen };
  };
  const loaded = needs(entries);
  const first = needs(screens);
  const loadedAll = new Set([...loaded.ownSeen, ...loaded.libSeen]);
  // A library module that a module of the entry or the app imports stays with them.
  const chunk = [...first.ownSeen, ...first.libSeen].filter(
    (id) =>
      !loadedAll.has(id) &&
      !(graph.getModuleInfo(id)?.importers ?? []).some((importer) => loadedAll.has(importer)),
  );
  // The app's own and the shared package's modules beyond the sign-in page's (every entry but the
  // last, the app: the page's script and its bootstrap).
  const entry = needs(entries.slice(0, -1));
  const entryAll = new Set([...entry.ownSeen, ...entry.libSeen]);
  const app = [...loaded.ownSeen, ...loaded.libSeen].filter(
    (id) => !entryAll.has(id) && (own(id) || SHARED.test(id)),
  );
  // The sign-in page's bootstrap (entries[1]) and what it needs beyond the page's script (entries[0]).
  const script = needs(entries.slice(0, 1), true);
  const scriptAll = new Set([...script.ownSeen, ...script.libSeen]);
  const bootstrap = needs(entries.slice(1, 2), true);
  const signIn = [...bootstrap.ownSeen, ...bootstrap.libSeen].filter((id) => !scriptAll.has(id));
  return {
    chunk,
    libraries: new Set([...loaded.libSeen, ...first.libSeen]),
    app: new Set(app),
    signIn: new Set(signIn),
  };
}

/**
 * Issue 22: the modules that the first screens of a signed-in visit (`screens`: the frame, home,
 * an account) need and neither the entry (the sign-in page) nor the app (`entries`) load, in one
 * chunk instead of one per combination of screens that shares them. A signed-in first visit on
 * a phone waited for about 25 files beside the app's, most of a few hundred bytes (an icon, a
 * page header, a status line, a helper), and on a slow network each costs a round trip on one of
 * the browser's six connections and a kilobyte of headers.
 *
 * What a module needs is read from the module graph: the app's own modules (`src`) through their
 * imports, and through the names they import from Mantine, Tabler's icons, the shared package and
 * dayjs the library modules behind those names and what those import (a library's entry module
 * re-exports all of it, so following its imports would make every module look needed). A module
 * the entry or the app needs, or that one of their modules imports, stays where it was: the
 * sign-in page and the app download what they did. Returns the plugin (it reads the graph once
 * the build has it), the group for `codeSplitting.groups`, and `firstNeeds`: whether the entry,
 * the app or the first screens need a library module, for vite.config.ts's library groups.
 */
export function firstScreensChunk(srcDir: string, entries: string[], screens: string[], priority: number) {
  const own = (id: string) => id.startsWith(srcDir) && !id.includes('/node_modules/');
  const captured = new Set<string>();
  const libraries = new Set<string>();
  const app = new Set<string>();
  const signIn = new Set<string>();
  const plugin: Plugin = {
    name: 'school-bank:first-screens-chunk',
    apply: 'build',
    buildEnd() {
      const found = firstScreensModules(this, own, entries, screens);
      for (const id of found.chunk) captured.add(id);
      for (const id of found.libraries) libraries.add(id);
      for (const id of found.app) app.add(id);
      for (const id of found.signIn) signIn.add(id);
    },
  };
  const group = {
    name: 'first-screens',
    test: (id: string) => captured.has(id),
    // Only what two chunks or more would share; a module one screen alone uses stays with it.
    minShareCount: 2,
    // The modules above only: any other stays in the chunk the bundler gives it.
    includeDependenciesRecursively: false,
    priority,
  };
  /** A library module that the entry, the app or the first screens need (read from the graph as above). */
  const firstNeeds = (id: string) => libraries.has(id);
  /**
   * The app's modules (its own and the shared package's, beyond the entry's) that other chunks
   * share too, in one file that comes with the app rather than in a few small ones (issue 22).
   */
  const appGroup = {
    name: 'app-shared',
    test: (id: string) =>
      app.has(id) || APP_LIBRARIES.test(id) || (libraries.has(id) && MANTINE_HOOKS.test(id)),
    minShareCount: 2,
    includeDependenciesRecursively: false,
    priority,
  };
  /**
   * The sign-in page's bootstrap (main.tsx) with all it needs beyond the page's script: one file,
   * which index.html asks for beside the script. Without it the bundler would cut what main.tsx and
   * the app share into small chunks, the app's shared chunk among them, which would bring Mantine
   * to /login. React keeps its own file (a group of a higher priority).
   */
  const signInGroup = {
    name: 'sign-in',
    test: (id: string) => signIn.has(id),
    includeDependenciesRecursively: false,
    priority: priority + 1,
  };
  return { plugin, group, firstNeeds, appGroup, signInGroup };
}
