import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstScreensChunk } from './build/chunk-groups.ts';
import { contractAddresses } from './build/contract-addresses.ts';
import { firstScreens } from './build/first-screens.ts';
import { mantineStylesUsed } from './build/mantine-styles.ts';
import { precompress } from './build/precompress.ts';
import { scrollAreaMergeRefs } from './build/scroll-area-merge-refs.ts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema.ts';

/** Mantine's components: in the libraries' file only when the app or the first screens need them (below). */
const MANTINE_CORE = /node_modules[\\/]@mantine[\\/]core[\\/]/;
/** What Mantine's components are built on (AppShell on react-remove-scroll, say). */
const MANTINE_DEPENDENCIES =
  /node_modules[\\/](react-remove-scroll[^\\/]*|use-sidecar|use-callback-ref|tslib|clsx|@floating-ui[\\/][^\\/]+)[\\/]/;
/** What Mantine's notifications are built from (@mantine/notifications' components, not its store). */
const NOTIFICATION_PARTS =
  /node_modules[\\/](@mantine[\\/]notifications[\\/]esm[\\/](Notification|get-)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Notification|Portal|Transition)[\\/]|react-transition-group)/;
/** React Router: in the libraries' file that comes with the app. */
const ROUTER = /node_modules[\\/]react-router[\\/]/;
/** Mantine's hooks and TanStack Query: all in the libraries' file. */
const SHARED_LIBRARIES = /node_modules[\\/](@mantine[\\/]hooks|@tanstack)[\\/]/;

/** @mantine/notifications' modules. */
const NOTIFICATIONS_DIR = path.dirname(fileURLToPath(import.meta.resolve('@mantine/notifications')));

/** The signed-in layout, side navigation and user menu (src/app/layouts/signed-in-frame.tsx). */
const SIGNED_IN_FRAME = ['src/app/layouts/frame.ts'];

/** What the first screens need beyond the app and other screens share too, in one chunk (build/chunk-groups.ts). */
const screens = firstScreensChunk(
  fileURLToPath(new URL('src/', import.meta.url)),
  ['src/boot.ts', 'src/main.tsx', 'src/app/start-app.tsx'],
  [...SIGNED_IN_FRAME, 'src/app/home/home-page.tsx', 'src/features/accounts/account-page.tsx'],
  1,
);

export default defineConfig({
  plugins: [
    react(),
    screens.plugin,
    contractAddresses(),
    zodWithoutJsonSchema(),
    scrollAreaMergeRefs(),
    // The app's own components and the notifications package (built on Mantine's Notification).
    // The app's own components and the notifications package (built on Mantine's Notification); the
    // sheet that comes with the app holds what the app and a Student's first screens need.
    mantineStylesUsed(
      [fileURLToPath(new URL('src', import.meta.url)), NOTIFICATIONS_DIR],
      [
        ...[
          'src/main.tsx',
          'src/app/start-app.tsx',
          ...SIGNED_IN_FRAME,
          'src/app/home/home-page.tsx',
          'src/features/accounts/account-page.tsx',
        ].map((module) => fileURLToPath(new URL(module, import.meta.url))),
        // The notifications' components keep their sheet beside the notifications package's own.
        NOTIFICATIONS_DIR,
      ],
    ),
    // The first screens of a signed-in visit that the page script asks for beside the app (boot.ts).
    firstScreens('src/main.tsx', 'src/app/start-app.tsx', [
      { path: '^/home/?$', modules: [...SIGNED_IN_FRAME, 'src/app/home/home-page.tsx'] },
      { path: '^/account/[^/]+/?$', modules: [...SIGNED_IN_FRAME, 'src/features/accounts/account-page.tsx'] },
    ]),
    precompress(),
  ],
  resolve: {
    alias: [
      // React Router's package points every bundler at its development build (its dev warnings
      // on); the build takes the production one it ships beside it (issue 22).
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          import.meta.resolve('react-router').replace('/development/', '/production/'),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .ci/bundle-budget.mjs reads which files each screen needs from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries change less often than the app: files of their own that stay cached across
        // releases. React in one, which the sign-in page runs on; the router, Mantine and TanStack
        // Query that the app brings in another (issue 13). Other libraries are left to the bundler,
        // so that a lazily loaded screen brings the Mantine components it alone uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              // The libraries the app and a Student's first screens run on: the router, TanStack
              // Query, Mantine's hooks and the Mantine components those screens use (AppShell,
              // Button, Paper, Alert...), in one file that comes with the app (it downloads while
              // the user signs in) instead of small shared chunks that the first screens after
              // sign-in would each wait for (docs/adr/0043-bundle-budget-in-ci.md). One file, not
              // the router's and Mantine's: on a phone's six connections React's file, the largest,
              // would download beside five others to the end, and the first screens wait for it.
              // Libraries only: a release of the app leaves it cached.
              name: 'libraries',
              test: (id: string) =>
                ROUTER.test(id) ||
                (MANTINE_CORE.test(id)
                  ? screens.firstNeeds(id)
                  : SHARED_LIBRARIES.test(id) || (MANTINE_DEPENDENCIES.test(id) && screens.firstNeeds(id))),
              priority: 2,
            },
            {
              // The other shared Mantine parts (popovers, menus, selects, modals, the form hook:
              // staff's screens and later interactions), in a file of their own that those load.
              name: 'mantine-more',
              test: /node_modules[\\/](@mantine[\\/](core|form)|@floating-ui)[\\/]/,
              minShareCount: 5,
              priority: 2,
            },
            {
              // What the notifications show with (Notification, its transition, the portal): a file
              // of their own, which the notifications' host loads with the first notification on
              // any screen, rather than all of 'mantine-more' (popovers, dialogs, the form hook).
              name: 'notifications',
              test: (id: string) => NOTIFICATION_PARTS.test(id) && !screens.firstNeeds(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            screens.signInGroup,
            screens.group,
            screens.appGroup,
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
