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

/** Mantine's components: in the app's shared chunk only when the first screens need them (below). */
const MANTINE_CORE = /node_modules[\\/]@mantine[\\/]core[\\/]/;
/** What Mantine's components are built on (AppShell on react-remove-scroll, say). */
const MANTINE_DEPENDENCIES =
  /node_modules[\\/](react-remove-scroll[^\\/]*|use-sidecar|use-callback-ref|tslib|clsx|@floating-ui[\\/][^\\/]+)[\\/]/;
/** What Mantine's notifications are built from (@mantine/notifications' components, not its store). */
const NOTIFICATION_PARTS =
  /node_modules[\\/](@mantine[\\/]notifications[\\/]esm[\\/](Notification|get-)|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Notification|Portal|Transition)[\\/]|react-transition-group)/;
/** Mantine's hooks and TanStack Query: all the app's shared chunk. */
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
        // React and the router change less often than the app: files of their own that stay cached
        // across releases. The router is not one with React: the sign-in page runs on React alone
        // and loads the router with the app (issue 13). Other libraries are left to the bundler, so
        // that a lazily loaded screen brings the Mantine components it alone uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'react-router',
              test: /node_modules[\\/]react-router[\\/]/,
              priority: 3,
            },
            {
              // The Mantine parts and TanStack Query that many screens share (Button, Input, Paper,
              // Alert, queries and mutations): one file that comes with the app (it downloads
              // while the user signs in) instead of small shared chunks that the first screens
              // after sign-in would each wait for (docs/decisions.md, issue 13). Only the Mantine
              // components that the app or a Student's first screens use (issue 22): a phone
              // waits for this file before it shows home or an account.
              name: 'mantine',
              test: (id: string) =>
                MANTINE_CORE.test(id)
                  ? screens.firstNeeds(id)
                  : SHARED_LIBRARIES.test(id) || (MANTINE_DEPENDENCIES.test(id) && screens.firstNeeds(id)),
              minShareCount: 5,
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
