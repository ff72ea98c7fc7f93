import fs from 'fs';
import path from 'path';
import siteConfig from '../../site.config';
import { contrast } from '../support/wcag-contrast';

const css = fs.readFileSync(path.resolve(__dirname, '../../src/theme/global.css'), 'utf8');
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));
}
const navbarCss = fs.readFileSync(path.resolve(__dirname, '../../src/theme/Navbar/styles.module.css'), 'utf8');
const darkNavbar = (() => {
  const start = navbarCss.indexOf('.dark {');
  const block = navbarCss.slice(start, navbarCss.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));
})();

const TEXT = 4.5;
const UI = 3;

describe.each([
  ['light', tokens(':root')],
  ['dark', tokens("[data-theme='dark']")],
  ['dark navbar style', darkNavbar],
])('%s tokens reach WCAG AA', (_mode, t) => {
  it.each([
    ['text on background', 'color-text', 'color-bg', TEXT],
    ['text on surface', 'color-text', 'color-surface', TEXT],
    ['muted text on surface', 'color-text-muted', 'color-surface', TEXT],
    ['muted text on hover', 'color-text-muted', 'color-hover', TEXT],
    ['text on hover', 'color-text', 'color-hover', TEXT],
    ['link on surface', 'color-link', 'color-surface', TEXT],
    ['link on hover', 'color-link', 'color-hover', TEXT],
    ['active link on active background', 'color-link', 'color-active-bg', TEXT],
    ['focus ring on surface', 'color-focus', 'color-surface', UI],
    ['strong border on surface', 'color-border-strong', 'color-surface', UI],
    ['error text on surface', 'color-danger', 'color-surface', TEXT],
  ])('%s', (_name, fg, bg, min) => {
    const a = (t as Record<string, string>)[fg as string];
    const b = (t as Record<string, string>)[bg as string];
    if (!a || !b) return; // the dark navbar scope does not override every token
    expect(contrast(a, b)).toBeGreaterThanOrEqual(min as number);
  });
});

it('the shipped announcement bar colours reach AA for text', () => {
  const bar = siteConfig.themeConfig.announcementBar!;
  expect(contrast(bar.textColor, bar.backgroundColor)).toBeGreaterThanOrEqual(TEXT);
});
