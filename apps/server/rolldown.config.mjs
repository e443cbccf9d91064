import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'rolldown';

/**
 * The production build of the server (issue 23): `npm start` runs `node dist/server.js`, so
 * nothing compiles while the bank runs. One bundle per entry (the server, the operator tool), with
 * @bank/shared (TypeScript in this workspace) bundled in and every npm package left to
 * node_modules. The SQL migrations and the database functions travel beside the bundle, where
 * db/migrate.ts looks for them.
 */
const sqlFolders = ['migrations', 'functions'];

const copyMigrations = {
  name: 'copy-migrations',
  generateBundle() {
    for (const folder of sqlFolders) {
      const dir = new URL(`./src/db/${folder}/`, import.meta.url);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
        this.emitFile({
          type: 'asset',
          fileName: `${folder}/${file}`,
          source: readFileSync(new URL(file, dir)),
        });
      }
    }
  },
};

/**
 * Each entry is one file in dist/ with nothing shared: code that finds files next to itself
 * (migrations, the web app at ../../web/dist) sees dist/ as its folder, as src/ and src/db/ do
 * when run from source.
 */
const entry = (name, plugins = []) => ({
  input: { [name]: `src/${name}.ts` },
  platform: 'node',
  // npm packages are loaded from node_modules at run time; only the workspace's own code is bundled.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@bank/'),
  output: {
    dir: 'dist',
    format: 'esm',
    sourcemap: true,
    entryFileNames: '[name].js',
    codeSplitting: false,
  },
  plugins,
});

export default defineConfig([entry('server', [copyMigrations]), entry('cli')]);
