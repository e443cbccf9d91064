import { expect, type Locator, type Page } from '@playwright/test';

/** Drives the page by keyboard only and counts every key pressed (a typed character is one press). */
export class KeyboardUser {
  presses = 0;
  constructor(private readonly page: Page) {}

  async press(key: string) {
    this.presses += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    this.presses += text.length;
    await this.page.keyboard.type(text);
  }

  /**
   * To the screen's content: after a navigation focus is on the heading already; otherwise the
   * skip link is the first tab stop (Tab, Enter).
   */
  async skipToContent() {
    const inMain = () => this.page.evaluate(() => !!document.activeElement?.closest('main'));
    // After a navigation (a sign-in, a link) the app moves the focus to the new screen's heading a
    // moment after the address changes: a Tab pressed before that lands would start from the top
    // and the focus would then jump over it (seen in CI). Let it land; a first load has none.
    await expect
      .poll(inMain, { timeout: 2_000 })
      .toBe(true)
      .catch(() => undefined);
    if (await inMain()) return;
    await this.press('Tab');
    await expect(this.page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await this.press('Enter');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeFocused();
  }

  /** Tab (forwards) until the target has focus; fails after 80 presses. */
  async tabTo(target: Locator) {
    for (let i = 0; i < 80; i += 1) {
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
      await this.press('Tab');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  /** A native select, by arrow keys, until the option whose text matches is chosen. */
  async choose(select: Locator, option: RegExp) {
    await expect(select).toBeFocused();
    const selected = () => select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text ?? '');
    // Down to the last option, then up: what is chosen at first (today's weekday, say) may lie below it.
    for (const key of ['ArrowDown', 'ArrowUp']) {
      for (let label = await selected(), i = 0; i < 100; i += 1) {
        if (option.test(label)) return;
        await this.press(key);
        const next = await selected();
        if (next === label) break;
        label = next;
      }
    }
    throw new Error(`no option ${option}`);
  }
}
