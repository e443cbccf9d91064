import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFailureText } from '@bank/shared';
import { showLoadFailure } from './load-failure';

afterEach(() => {
  document.getElementById('root')?.remove();
  vi.unstubAllGlobals();
});

describe("the page when the app's files do not arrive", () => {
  it('replaces "Loading…" with what happened, read out, and a focused Reload that reloads', () => {
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<div class="boot" role="status"><div>Loading…</div></div>';
    document.body.append(root);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    showLoadFailure();

    expect(root.textContent).not.toContain('Loading…');
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain(loadFailureText.notLoaded);
    const button = root.querySelector('button');
    expect(button?.textContent).toBe(loadFailureText.reload);
    expect(document.activeElement).toBe(button);
    button?.click();
    expect(reload).toHaveBeenCalledOnce();
  });
});
