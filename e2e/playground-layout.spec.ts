// The playground's layout on a phone and a desktop: nothing jumps while /playground or a sample's "Edit and run"
// loads its editor (its place is kept from the start), Run brings the output into view without taking the focus,
// output lines are spaced alike in every runner and a silent run leaves no empty strip; on a touch screen no keyboard
// hints, and every control at least 24 × 24 px (WCAG 2.2) and drawn in both colour modes; code scrolled sideways
// passes under a ruled edge, never into the line numbers.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { replaceCode } from './playground-helpers';
import { gotoHydrated } from './site';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The most the page may shift while an editor loads (cumulative layout shift). */
const MAX_CLS = 0.05;
/** WCAG 2.2's minimum target size (2.5.8), in CSS px. */
const MIN_TARGET = 24;
const SAMPLE_PAGE = '/docs/guides/known-quirks';

// An editor, TypeScript and a run take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

declare global {
  interface Window {
    __shifts?: Array<{ value: number; recentInput: boolean; sources: string }>;
  }
}

/** Records every layout shift of the page from its first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        const sources = (entry.sources ?? [])
          .map(({ node }) => (node instanceof Element ? node : node?.parentElement))
          .map((element) => (element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?'))
          .join(' ');
        window.__shifts?.push({ value: entry.value, recentInput: entry.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The cumulative layout shift so far (shifts right after the reader's own input do not count), and what moved. */
const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const shifts = (window.__shifts ?? []).filter((shift) => !shift.recentInput);
    return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), moved: shifts.map((s) => `${s.value.toFixed(4)} ${s.sources}`) };
  });

/** Waits until the editor is there, then a moment for anything late (TypeScript's first answer changes no size). */
async function settled(page: Page) {
  const editor = page.locator('[data-playground]');
  await expect(editor.locator('.cm-content')).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(1_500);
  return editor;
}

for (const [name, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, hasTouch: name === 'phone' });

    test(`/playground: its layout shift while the editor loads is at most ${MAX_CLS}`, async ({ page }) => {
      await recordShifts(page);
      await page.goto('/playground');
      await settled(page);
      const { total, moved } = await layoutShift(page);
      expect(total, moved.join('\n')).toBeLessThanOrEqual(MAX_CLS);
    });

    test(`a doc after "Edit and run": its layout shift while the editor loads is at most ${MAX_CLS}`, async ({ page }) => {
      await recordShifts(page);
      await gotoHydrated(page, SAMPLE_PAGE);
      const button = page.getByRole('button', { name: 'Edit and run' }).first();
      await button.scrollIntoViewIfNeeded();
      // The button's own code loads on the reader's intent (here, focus) before the press: what is measured is the
      // editor's arrival, not a press the islands loader held and replayed.
      await button.focus();
      await expect(page.locator('[data-island="playground"][data-enhanced]').first()).toBeAttached({ timeout: 30_000 });
      const before = await layoutShift(page);
      await (name === 'phone' ? button.tap() : button.click());
      await settled(page);
      const after = await layoutShift(page);
      expect(after.total - before.total, after.moved.join('\n')).toBeLessThanOrEqual(MAX_CLS);
    });
  });
}

/** The vertical distance between consecutive output lines, in px. */
const lineSpacing = (editor: Locator) =>
  editor.locator('[data-playground-output] p').evaluateAll((lines) =>
    lines.slice(1).map((line, i) => Math.round(line.getBoundingClientRect().top - lines[i]!.getBoundingClientRect().top)),
  );

const THREE_LINES = "console.log('one');\nconsole.log('two');\nconsole.log('three');\n";
/** Code that fills the editor's height. */
const LONG_CODE = Array.from({ length: 30 }, (_, i) => `console.log('line ${i + 1}');`).join('\n');

test.describe('output', () => {

  test("lines are spaced alike in a doc's runner and on /playground, one line apart", async ({ page }) => {
    const spacing: number[][] = [];
    for (const open of [
      async () => {
        await gotoHydrated(page, SAMPLE_PAGE);
        await page.getByRole('button', { name: 'Edit and run' }).first().click();
      },
      () => gotoHydrated(page, '/playground'),
    ]) {
      await open();
      const editor = await settled(page);
      await replaceCode(page, editor, THREE_LINES);
      await editor.getByRole('button', { name: 'Run' }).click();
      await expect(editor.locator('[data-playground-output] p')).toHaveText(['one', 'two', 'three'], { timeout: 90_000 });
      const lineHeight = await editor.locator('[data-playground-output] p').first().evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
      const gaps = await lineSpacing(editor);
      for (const gap of gaps) expect(gap).toBeLessThanOrEqual(Math.ceil(lineHeight));
      spacing.push(gaps);
    }
    expect(spacing[0]).toEqual(spacing[1]);
  });

  test('a run that prints nothing leaves no empty strip; one that prints shows its lines', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = await settled(page);
    const output = editor.locator('[data-playground-output]');
    await replaceCode(page, editor, 'const quiet = 1 + 1;\n');
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(editor.locator('[data-run-status]')).toHaveText('Finished.', { timeout: 90_000 });
    expect((await output.boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    await expect(output).not.toHaveAttribute('tabindex');
    await replaceCode(page, editor, "console.log('loud');\n");
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output.locator('p')).toHaveText(['loud'], { timeout: 90_000 });
    expect((await output.boundingBox())!.height).toBeGreaterThan(16);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, hasTouch: true });

    test('Run brings the output into view and leaves the focus on Run', async ({ page }) => {
      await gotoHydrated(page, SAMPLE_PAGE);
      await page.getByRole('button', { name: 'Edit and run' }).first().tap();
      const editor = await settled(page);
      await replaceCode(page, editor, LONG_CODE);
      const run = editor.getByRole('button', { name: 'Run' });
      // Run half-way down the screen: the output's heading is below the fold, under the code.
      await run.evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 420));
      const heading = editor.getByText('Output', { exact: true });
      await expect(heading).not.toBeInViewport();
      await run.focus();
      await page.keyboard.press('Enter');
      await expect(editor.locator('[data-run-status]')).toHaveText(/Finished|threw/, { timeout: 90_000 });
      await expect(heading).toBeInViewport();
      await expect(editor.locator('[data-run-status]')).toBeInViewport();
      await expect(run).toBeFocused();
    });

    test('Ctrl+Enter in the code runs it and brings the output into view, the cursor staying in the code', async ({ page }) => {
      await gotoHydrated(page, SAMPLE_PAGE);
      await page.getByRole('button', { name: 'Edit and run' }).first().tap();
      const editor = await settled(page);
      await replaceCode(page, editor, LONG_CODE);
      const code = editor.locator('.cm-content');
      await code.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 400));
      await expect(editor.locator('[data-run-status]')).not.toBeInViewport();
      await page.keyboard.press('Control+Enter');
      await expect(editor.locator('[data-run-status]')).toHaveText(/Finished|threw/, { timeout: 90_000 });
      await expect(editor.locator('[data-run-status]')).toBeInViewport();
      await expect(code).toBeFocused();
    });
  });
});

/** Every control of the editor and the playground page with its size: buttons, fields, the release, the log. */
const controls = (page: Page) =>
  page.locator('main').evaluate((main) =>
    Array.from(main.querySelectorAll<HTMLElement>('[data-playground] button, [data-playground] input, select, [data-playground] [tabindex="0"]'))
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const { width, height } = element.getBoundingClientRect();
        const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return { name: `${element.tagName.toLowerCase()} "${label}"`, width: Math.round(width), height: Math.round(height) };
      }),
  );

for (const mode of ['light', 'dark'] as const) {
  test.describe(`on a touch screen, ${mode} mode`, () => {
    test.use({ viewport: PHONE, hasTouch: true });
    test.beforeEach(async ({ page }) => page.addInitScript((m) => window.localStorage.setItem('theme', m), mode));

    test('no keyboard hints; every control is at least 24 × 24 px, the release a styled 44 px control', async ({ page }) => {
      await gotoHydrated(page, '/playground');
      const editor = await settled(page);
      await expect(editor.locator('p', { hasText: /Ctrl\+Enter/ })).toBeHidden();
      // Every kind of control shows: a type error's place and the share link's field.
      await replaceCode(page, editor, 'const wrong: string = 42;\n');
      await expect(editor.getByRole('list', { name: 'Type errors' })).toBeVisible({ timeout: 90_000 });
      await editor.getByRole('button', { name: 'Share' }).tap();
      await expect(editor.getByRole('textbox', { name: 'Share link' })).toBeVisible();
      const all = await controls(page);
      expect(all.map((control) => control.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^select/), expect.stringMatching(/^input/)]));
      expect(all.filter((control) => control.width < MIN_TARGET || control.height < MIN_TARGET)).toEqual([]);

      const release = page.getByRole('combobox', { name: 'Release' });
      const look = await release.evaluate((select) => {
        const style = getComputedStyle(select);
        const page = getComputedStyle(document.documentElement);
        return {
          height: select.getBoundingClientRect().height,
          appearance: style.appearance,
          border: style.borderTopColor,
          strong: page.getPropertyValue('--color-border-strong').trim(),
          color: style.color,
          text: getComputedStyle(document.body).color,
          radius: parseFloat(style.borderTopLeftRadius),
        };
      });
      expect(look.height).toBeGreaterThanOrEqual(44);
      expect(look.appearance).toBe('none');
      expect(look.color).toBe(look.text);
      expect(look.radius).toBeGreaterThan(0);
      const strong = await page.evaluate((hex) => {
        const probe = document.createElement('i');
        probe.style.color = hex;
        document.body.append(probe);
        const rgb = getComputedStyle(probe).color;
        probe.remove();
        return rgb;
      }, look.strong);
      expect(look.border).toBe(strong);
    });
  });
}

test('with a mouse the keyboard hints show', async ({ page }) => {
  await gotoHydrated(page, '/playground');
  const editor = await settled(page);
  await expect(editor.locator('p', { hasText: /Ctrl\+Enter/ })).toBeVisible();
});

test('code scrolled sideways passes under a ruled edge, clear of the line numbers', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, '/playground');
  const editor = await settled(page);
  await editor.locator('.cm-scroller').evaluate((scroller) => (scroller.scrollLeft = 120));
  const found = await editor.evaluate((root) => {
    const gutter = root.querySelector('.cm-gutters')!;
    const edge = gutter.getBoundingClientRect().right;
    const style = getComputedStyle(gutter);
    // How close each number's digits come to the edge the code passes under.
    const gaps = Array.from(root.querySelectorAll('.cm-lineNumbers .cm-gutterElement'))
      .filter((element) => element.textContent!.trim() !== '')
      .map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return edge - range.getBoundingClientRect().right;
      });
    return { gaps, rule: parseFloat(style.borderRightWidth), ruleColour: style.borderRightColor, background: style.backgroundColor };
  });
  expect(found.gaps.length).toBeGreaterThan(5);
  expect(Math.min(...found.gaps)).toBeGreaterThanOrEqual(8);
  expect(found.rule).toBeGreaterThanOrEqual(1);
  expect(found.ruleColour).not.toBe(found.background);
});
