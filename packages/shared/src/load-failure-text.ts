/**
 * What the page says when the web app's own files do not arrive (a dropped connection, a server
 * that went away): a module apart from messages.ts, because the page's script shows it before,
 * or instead of, the files that bring messages.ts.
 */
export const loadFailureText = {
  notLoaded: 'The bank did not load. Check that you are online, then press Reload.',
  // guidanceMessages.reload's word: the page's script cannot share a module with the sign-in page's
  // bootstrap or the app without the bundler cutting them into one (the app on /login).
  reload: 'Reload',
};
