import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .ci/bundle-budget.mjs reads which files each screen needs from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and every screen needs them: one file
        // that stays cached across releases. Other libraries are left to the bundler, so that a
        // lazily loaded screen brings the Mantine components it alone uses (a group would pull
        // them all into the sign-in page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
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
