import { loadFailureText as t } from '@bank/shared/load-failure-text';

/**
 * The web app's own files did not arrive (a dropped connection, a server that went away): the page
 * said "Loading…" for good. It says so instead, in the loading shell's place and look (index.html's
 * inline styles), as an alert a screen reader reads out, with the one thing to do focused: reload.
 * Plain DOM, no React: React's own file may be the one that did not arrive.
 */
export function showLoadFailure(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const shell = document.createElement('div');
  shell.className = 'boot';
  shell.setAttribute('role', 'alert');
  const name = document.createElement('div');
  name.className = 'boot-name';
  name.textContent = 'School Bank';
  const text = document.createElement('p');
  text.className = 'boot-text';
  text.textContent = t.notLoaded;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'boot-reload';
  reload.textContent = t.reload;
  reload.addEventListener('click', () => window.location.reload());
  shell.append(name, text, reload);
  root.replaceChildren(shell);
  reload.focus();
}
