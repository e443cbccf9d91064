// First: zod's settings, before any chunk with a schema loads (lib/zod-config.ts).
import './lib/zod-config';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/theme-variables.css';
import './app/skip-link.css';
import { preloadApp, preloadFirstScreen } from './app/first-screen';
import { showLoadFailure } from './app/load-failure';
import { authStore } from './lib/auth-store';
import { applyColorScheme } from './lib/color-scheme';
import { askEarly } from './lib/early-answers';
import { paths } from './lib/paths';

/**
 * The page's script (index.html), a file of a couple of kilobytes without React (issue 22). A
 * signed-in first visit asks for the app's files, the first screen's files and its data from here,
 * as soon as this arrives and runs, and not after the sign-in page's bootstrap (main.tsx, with
 * React, the sign-in page and the product's texts) has downloaded and run: on a phone's network
 * that is two round trips and a long task later, with the link half idle meanwhile. index.html asks
 * for main.tsx's files beside this one (build/first-screens.ts), so /login waits for nothing more.
 */
applyColorScheme();
const showsSignIn = window.location.pathname === paths.login && !authStore.get();
if (!showsSignIn) {
  // The app's files first, the largest first: they are what every screen waits for. The first
  // screen's data and files (smaller ones) queue behind them on the browser's connections.
  preloadApp();
  askEarly(window.location.pathname);
  preloadFirstScreen(window.location.pathname);
}
// The bootstrap's files, or for a signed-in visit the app's, may not arrive: say so, with Reload.
import('./main').then((main) => main.start(showsSignIn)).catch(showLoadFailure);
