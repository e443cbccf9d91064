import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod settings', () => {
  it('turns off the compiled validators (and their eval probe) in the copy of zod the app uses', () => {
    expect(config().jitless).toBe(true);
  });
});
