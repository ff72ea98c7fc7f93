/** @jest-environment node */
import { PUSHED, asRecord, broken, navbarItems, problemsOf } from '../fixtures';

describe('links and logos', () => {
  it('applies the one-target rule inside dropdowns and footer columns', () => {
    const raw = broken((c) => {
      navbarItems(c).push({ type: 'dropdown', label: 'More', items: [{ type: 'default', label: 'x' }] });
      c.themeConfig.footer.links[0]?.items.push({ label: 'Nowhere' });
    });
    const problems = problemsOf(raw);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^themeConfig\\.navbar\\.items\\[${PUSHED}\\]\\.items\\[0\\]: a default item needs exactly one`));
    expect(problems[1]).toMatch(/^themeConfig\.footer\.links\[0\]\.items\[3\]: a footer link needs exactly one/);
  });

  it('requires a 32x32 logo in the navbar and the footer', () => {
    const raw = broken((c) => {
      asRecord(c.themeConfig.navbar.logo).width = 48;
      asRecord(c.themeConfig.footer.logo).height = 31;
    });
    expect(problemsOf(raw)).toEqual([
      'themeConfig.navbar.logo.width: must be 32 (the logo is 32x32 px); got 48.',
      'themeConfig.footer.logo.height: must be 32 (the logo is 32x32 px); got 31.',
    ]);
  });

});
