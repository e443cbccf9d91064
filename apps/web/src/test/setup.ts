import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { server } from './server';

// The first render of a file loads the lazy route modules; on a busy machine that outlasts the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// What jsdom lacks and Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// jsdom has no canvas (it would log "not implemented"): say so plainly, as a browser without one would.
HTMLCanvasElement.prototype.getContext = () => null;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  notifications.clean();
  server.resetHandlers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.restoreAllMocks();
  authStore.reload();
});
afterAll(() => server.close());
