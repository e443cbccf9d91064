import { MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const staticCss = readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8');

type Blocks = Record<'root' | 'light' | 'dark', Record<string, string>>;

/** The declarations of a stylesheet of CSS variables, by colour scheme. */
function declarations(css: string): Blocks {
  const blocks: Blocks = { root: {}, light: {}, dark: {} };
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector = '', body = ''] of text.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const scheme = selector.includes('dark') ? 'dark' : selector.includes('light') ? 'light' : 'root';
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      const value = declaration
        .slice(colon + 1)
        .replace(/\s+/g, ' ')
        .replace(/'/g, '"')
        .trim();
      blocks[scheme][declaration.slice(0, colon).trim()] = value;
    }
  }
  return blocks;
}

describe('theme-variables.css', () => {
  it('says what MantineProvider writes for the theme (the sign-in page paints with it before Mantine loads)', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <div />
      </MantineProvider>,
    );
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    expect(written, 'MantineProvider wrote no variables').not.toBe('');
    // On a mismatch, the file should hold what MantineProvider writes now:
    if (JSON.stringify(declarations(staticCss)) !== JSON.stringify(declarations(written)))
      console.info(`MantineProvider writes:\n${written}`);
    expect(declarations(staticCss)).toEqual(declarations(written));
  });
});
