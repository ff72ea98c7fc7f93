import dgram from 'dgram';
import zlib from 'zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { checked, replaceCode } from './playground-helpers';
import { gotoHydrated, recordProblems } from './site';

// The playground under hostile code and links: floods, bombs, ways out of the sandbox, forged messages, hidden text.

const output = (editor: Locator) => editor.locator('[data-playground-output]');
const runStatus = (editor: Locator) => editor.locator('[data-run-status]');

/** Opens /playground, puts `code` in the editor and runs it. */
async function runOnPlayground(page: Page, code: string): Promise<Locator> {
  await gotoHydrated(page, '/playground');
  const editor = page.locator('[data-playground]');
  await checked(editor);
  await replaceCode(page, editor, code);
  await editor.getByRole('button', { name: 'Run' }).click();
  return editor;
}

interface Responsiveness {
  /** The longest a task queued every few milliseconds waited to run: what a reader's click could have waited. */
  longestWait: number;
  /** The page's own tasks of 50 ms or more (its thread busy at a stretch), in ms. */
  longTasks: number[];
}

/** Watches the page's thread for `ms`. */
function watchResponsiveness(page: Page, ms: number): Promise<Responsiveness> {
  return page.evaluate(
    (duration) =>
      new Promise<Responsiveness>((resolve) => {
        const end = performance.now() + duration;
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(Math.round(entry.duration))));
        observer.observe({ type: 'longtask' });
        let longestWait = 0;
        const probe = () => {
          const queued = performance.now();
          setTimeout(() => {
            longestWait = Math.max(longestWait, performance.now() - queued);
            if (performance.now() < end) probe();
            else {
              observer.disconnect();
              resolve({ longestWait: Math.round(longestWait), longTasks });
            }
          }, 0);
        };
        probe();
      }),
    ms,
  );
}

/**
 * Runs `code` and watches the page for `ms` from the press of Run. The page's own tasks are what the playground
 * decides: none may keep its thread for 100 ms. The longest wait is reported too; on this shared 2-core machine the
 * operating system alone can keep a page waiting a few hundred milliseconds (as long with one line printed), so it is
 * a figure, not a bound.
 */
async function runWatched(page: Page, editor: Locator, code: string, ms: number): Promise<Responsiveness> {
  await replaceCode(page, editor, code);
  await page.waitForTimeout(300);
  const watched = watchResponsiveness(page, ms);
  await editor.getByRole('button', { name: 'Run' }).click();
  await expect(runStatus(editor)).toHaveText('Finished.', { timeout: 120_000 });
  const result = await watched;
  test.info().annotations.push({ type: 'page while running (under load)', description: `${code.slice(0, 40)}…: ${JSON.stringify(result)}` });
  return result;
}

/**
 * No task of the page kept its thread for 100 ms. On an idle machine the playground's tasks stay under 50 ms; on this
 * shared 2-core machine, loaded by the other tests, the system can pause one of them past 100 ms (CI saw 190 ms),
 * so one such task is let through, under 250 ms. What this guards against, printing a flood in one go, holds the
 * thread for seconds.
 */
function expectAnswering({ longTasks }: Responsiveness) {
  expect(longTasks.filter((ms) => ms >= 250)).toEqual([]);
  expect(longTasks.filter((ms) => ms >= 100).length).toBeLessThanOrEqual(1);
}

/** A share link whose code is `code`. */
const linkTo = (code: string | Buffer, lang = 'tsx') => `/playground#lang=${lang}&code=${zlib.deflateSync(code).toString('base64url')}`;

test.describe('the playground under hostile code', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lines of [100_000, 1_000_000]) {
    test(`a flood of ${lines.toLocaleString('en-US')} lines: the page answers within 100 ms, the output is capped, the run finishes`, async ({ page }) => {
      const problems = await recordProblems(page);
      await gotoHydrated(page, '/playground');
      const editor = page.locator('[data-playground]');
      await checked(editor);
      const flood = await runWatched(page, editor, `for (let i = 0; i < ${lines}; i++) console.log('line', i);\nconsole.log('after the flood');\n`, 20_000);
      // Through the flood and its rendering, nothing kept the page's thread for 100 ms.
      expectAnswering(flood);
      await expect(output(editor)).toContainText('after the flood');
      const shown = await output(editor).locator('p[data-level]').count();
      expect(shown).toBeLessThanOrEqual(150);
      await expect(output(editor)).toContainText(`${(lines + 1 - shown).toLocaleString('en-US')} more lines not shown`);
      await expect(output(editor).locator('p[data-level]').first()).toHaveText('line 0');
      // A run that finished stays finished: the watchdog never calls it stopped.
      await page.waitForTimeout(4000);
      await expect(runStatus(editor)).toHaveText('Finished.');
      expect(problems.errors).toEqual([]);
    });
  }

  test('one line of 50 MB is cut, the page answers, and the finished run is not stopped', async ({ page }) => {
    await gotoHydrated(page, '/playground');
    const editor = page.locator('[data-playground]');
    await checked(editor);
    const huge = await runWatched(page, editor, "console.log('x'.repeat(50 * 1024 * 1024));\nconsole.log('next line');\n", 8_000);
    expectAnswering(huge);
    await expect(output(editor).locator('p[data-level]').first()).toHaveText(/^x{2000}… \(52,426,800 more characters\)$/);
    await expect(output(editor).locator('p[data-level]').nth(1)).toHaveText('next line');
    // The run finished seconds ago, more than the watchdog's 3 s: it is not called stopped.
    await expect(runStatus(editor)).toHaveText('Finished.');
  });

  test('a share link that unpacks to 400 MB is refused at once with a message, and the starter program opens', async ({ page }) => {
    // 400 MB of spaces, deflated: a link of about 500 KB, as in the probe that froze the tab.
    const bomb = zlib.deflateSync(Buffer.alloc(400 * 1024 * 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(600 * 1024);
    const started = Date.now();
    await gotoHydrated(page, `/playground#lang=tsx&code=${bomb.toString('base64url')}`);
    await expect(page.getByRole('alert')).toHaveText(
      'The shared code could not be opened. The link is too large: its code unpacks to more than 1 MB, more than the playground opens. The editor holds the starter program instead.',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    const editor = page.locator('[data-playground]');
    await expect(editor.locator('.cm-content')).toContainText("import { atom, selector, DEFAULT_STORE } from '@rkrupinski/stan';");
    // Nothing near the unpacked size was ever held: the page's heap stays that of a page with an editor.
    const heap = await page.evaluate(() => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize);
    expect(heap).toBeLessThan(150 * 1024 * 1024);
  });

  test('no packet leaves the sandbox by WebRTC, not even through a frame the code nests', async ({ page }) => {
    const socket = dgram.createSocket('udp4');
    const packets: string[] = [];
    socket.on('message', (message, from) => packets.push(`${from.address}:${from.port} ${message.length} bytes`));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const port = socket.address().port;
    try {
      const peer = (where: string) => `
        const pc = new ${where}({ iceServers: [{ urls: 'stun:127.0.0.1:${port}' }, { urls: 'turn:127.0.0.1:${port}', username: 'npm-token', credential: 'x' }] });
        pc.createDataChannel('out');
        pc.createOffer().then((offer) => pc.setLocalDescription(offer));`;
      // The listener hears WebRTC: from the docs page itself (no sandbox), STUN and TURN requests arrive.
      await gotoHydrated(page, '/playground');
      await page.evaluate(peer('RTCPeerConnection'));
      await expect.poll(() => packets.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await page.reload();
      packets.length = 0;

      const bootstrap = await page.request.get('/playground-frame.html').then((r) => r.text());
      const script = /<script>([\s\S]*?)<\/script>/.exec(bootstrap)![1]!;
      const editor = page.locator('[data-playground]');
      await checked(editor);
      await replaceCode(
        page,
        editor,
        [
          'const w = window as unknown as Record<string, unknown>;',
          "console.log('RTCPeerConnection', typeof w.RTCPeerConnection, 'webkitRTCPeerConnection', typeof w.webkitRTCPeerConnection, 'RTCDataChannel', typeof w.RTCDataChannel);",
          "try { new (w.RTCPeerConnection as typeof RTCPeerConnection)(); } catch (error) { console.log('direct:', (error as Error).name); }",
          // A nested frame is sandboxed with an origin of its own: the code cannot reach its constructors...
          "const blank = document.createElement('iframe');",
          'document.body.append(blank);',
          "try { console.log('nested:', typeof (blank.contentWindow as unknown as Record<string, unknown>).RTCPeerConnection); } catch (error) { console.log('nested:', (error as Error).name); }",
          // ...nor run code in one with the frame's own bootstrap script, the one inline script its policy allows.
          "const nested = document.createElement('iframe');",
          `nested.srcdoc = '<script>' + ${JSON.stringify(script)} + '</scr' + 'ipt>';`,
          "addEventListener('message', (event) => {",
          "  if (event.source !== nested.contentWindow) return;",
          "  console.log('the nested frame answered');",
          `  nested.contentWindow!.postMessage({ type: 'runtime', source: ${JSON.stringify(peer('RTCPeerConnection'))} }, '*', [new MessageChannel().port1]);`,
          '});',
          'document.body.append(nested);',
          "setTimeout(() => console.log('waited'), 3000);",
        ].join('\n'),
      );
      await editor.getByRole('button', { name: 'Run' }).click();
      await expect(output(editor)).toContainText('waited', { timeout: 30_000 });
      await expect(output(editor)).toContainText('RTCPeerConnection undefined webkitRTCPeerConnection undefined RTCDataChannel undefined');
      await expect(output(editor)).toContainText('direct: TypeError');
      await expect(output(editor)).toContainText('nested: SecurityError');
      await expect(output(editor)).not.toContainText('the nested frame answered');
      await page.waitForTimeout(1000);
      expect(packets).toEqual([]);
    } finally {
      socket.close();
    }
  });

  test('the frame saying "frame-ready" again and again makes the page throw nothing, and runs go on', async ({ page }) => {
    const problems = await recordProblems(page);
    const editor = await runOnPlayground(
      page,
      [
        "for (let i = 0; i < 200; i++) parent.postMessage({ type: 'frame-ready' }, '*');",
        "parent.postMessage({ type: 'ready' }, '*');",
        "parent.postMessage({ type: 'done', runId: 1, rendered: true }, '*');",
        "parent.postMessage('frame-ready', '*');",
        "console.log('posted');",
      ].join('\n'),
    );
    await expect(output(editor)).toContainText('posted', { timeout: 30_000 });
    await expect(runStatus(editor)).toHaveText('Finished.');
    await page.waitForTimeout(500);
    expect(problems.errors).toEqual([]);
    await replaceCode(page, editor, "console.log('the next run');");
    await editor.getByRole('button', { name: 'Run' }).click();
    await expect(output(editor)).toHaveText('the next run', { timeout: 30_000 });
    expect(problems.errors).toEqual([]);
  });

  test('a release named in the address is shown bounded, its invisible characters as code points', async ({ page }) => {
    // Read as "…which this playground does not run. This code is safe to run it." once the controls reorder it.
    await gotoHydrated(page, `/playground#version=${encodeURIComponent('9.9\u202E.ti nur ot efas si edoc sihT\u2066\u200B')}`);
    const alert = page.locator('[data-unknown-release]');
    await expect(alert).toContainText('“9.9[U+202E].ti nur ot efas si edoc sihT[U+2066][U+200B]”');
    expect(await alert.evaluate((element) => /[\u202A-\u202E\u2066-\u2069\u200B]/.test(element.textContent ?? ''))).toBe(false);

    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydrated(page, `/playground#version=${'9'.repeat(200_000)}`);
    await expect(page.locator('[data-unknown-release]')).toContainText('… (199,936 more characters)');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('Trojan Source: bidirectional controls and zero-width characters show as boxes in the editor', async ({ page }) => {
    // Reads as `if (access !== 'user')` where bidi controls are followed; the zero-width joiner hides in a name.
    const code = "const access = 'user';\nif (access !== 'user\u202e \u2066// Check if admin\u2069 \u2066') {\n  console.log('admin');\n}\nconst is\u200dAdmin = false;\n";
    await gotoHydrated(page, linkTo(code));
    const editor = page.locator('[data-playground]');
    const marks = editor.locator('.cm-content .cm-specialChar');
    await expect(marks).toHaveText(['U+202E', 'U+2066', 'U+2069', 'U+2066', 'U+200D']);
    await expect(marks.first()).toHaveAttribute('title', 'Control character right-to-left override');
    for (const mark of await marks.all()) {
      const box = await mark.boundingBox();
      expect(box!.width).toBeGreaterThan(10);
    }
  });
});
