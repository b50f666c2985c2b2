import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * What the page tests share: Debian's Chromium driven by playwright-core (never a downloaded
 * browser), an axe-core scan injected into the page, and the 320 px reflow check.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The narrowest width the pages must hold at (WCAG 1.4.10 reflow). */
export const NARROW_VIEWPORT = { width: 320, height: 640 } as const;

/** True when the page needs no horizontal scrolling at its current viewport. */
export async function fitsWidth(page: Page): Promise<boolean> {
  // A string, evaluated in the page: this package is type-checked without the DOM library.
  return (await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')) === true;
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let axeSource: Promise<string> | undefined;
const loadAxe = () => (axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** Runs axe-core (WCAG 2.x A and AA rules plus best practices) in the page; every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline script) does not
  // govern; page.addScriptTag({content}) would add an inline <script> the CSP rightly blocks.
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(await loadAxe());
  const results = (await page.evaluate(
    `axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } })`,
  )) as { violations: AxeViolation[] };
  return results.violations;
}

/**
 * The serious and critical violations of the page, each as one readable line (rule, help and
 * the elements), so a failing assertion says what to fix: `expect(await seriousViolations(page)).toEqual([])`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

/** No serious or critical axe violation, and no horizontal scrolling at 320 px (the viewport is put back after). */
export async function checkAccessible(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) throw new Error(`axe: ${violations.join('\n')}`);
  const wide = page.viewportSize();
  await page.setViewportSize(NARROW_VIEWPORT);
  const fits = await fitsWidth(page);
  if (wide) await page.setViewportSize(wide);
  if (!fits) throw new Error(`${page.url()} scrolls sideways at ${NARROW_VIEWPORT.width} px`);
}

/** The widths the pages are checked at: a desktop, a phone, and the WCAG reflow minimum. */
export const WIDTHS = [1280, 390, 320] as const;

/**
 * Signs in through the shared investor login in a fresh browser context at 1280 px, and lands on
 * `path`; `script: false` proves a walk needs no JavaScript.
 */
export async function signInWithChromium(browser: Browser, base: string, email: string, password: string, path = '/workspace', options: { script?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: options.script ?? true });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  if (new URL(page.url()).pathname !== '/api/oauth/sign-in') throw new Error(`expected the sign-in page, got ${page.url()}`);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === new URL(path, base).pathname);
  return page;
}

/**
 * Words of table headings that the layout broke across lines ("Attemp|t"): each word of each
 * rendered `<th>` must sit on one line. Evaluated in the page, as a string (no DOM types here).
 */
export async function headingsBrokenMidWord(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const broken = [];
    for (const th of document.querySelectorAll('th')) {
      if (th.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  })()`)) as string[];
}

/**
 * Emails in table cells that the layout broke anywhere but at a sensible point (before `@`, after
 * a dot or a hyphen), or, for an address of an everyday length (40 characters at most), spread
 * over more than `maxLines` lines: each as "address: where it broke".
 * Every character's line is measured with a Range, across the text nodes `<wbr>` splits it into.
 */
export async function emailsBrokenBadly(page: Page, maxLines = Number.POSITIVE_INFINITY): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const bad = [];
    for (const cell of document.querySelectorAll('td')) {
      if (cell.getClientRects().length === 0) continue;
      const nodes = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
      // The cell's text as one string, each character mapped back to its node and offset; text
      // nodes join directly only across a <wbr> (one address), otherwise with a space.
      const chars = [];
      let text = '';
      nodes.forEach((node, n) => {
        const joined = n > 0 && (nodes[n - 1].nextSibling === node || nodes[n - 1].nextSibling?.nodeName === 'WBR');
        if (n > 0 && !joined) {
          chars.push(undefined);
          text += ' ';
        }
        [...node.data].forEach((_, offset) => chars.push({ node, offset }));
        text += node.data;
      });
      for (const match of text.matchAll(/[^\\s@]+@[^\\s@]+\\.[^\\s@]+/g)) {
        const address = match[0];
        const tops = [];
        for (let i = 0; i < address.length; i++) {
          const { node, offset } = chars[match.index + i];
          const range = document.createRange();
          range.setStart(node, offset);
          range.setEnd(node, offset + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          tops.push(rect ? Math.round(rect.top) : undefined);
        }
        const breaks = [];
        for (let i = 1; i < address.length; i++) {
          if (tops[i] === undefined || tops[i - 1] === undefined || tops[i] === tops[i - 1]) continue;
          const sensible = address[i] === '@' || '.-'.includes(address[i - 1]);
          if (!sensible) breaks.push(address.slice(Math.max(0, i - 4), i) + '|' + address.slice(i, i + 4));
        }
        const lines = new Set(tops.filter((top) => top !== undefined)).size;
        if (breaks.length > 0) bad.push(address + ': broken at ' + breaks.join(', '));
        else if (address.length <= 40 && lines > ${maxLines}) bad.push(address + ': ' + lines + ' lines');
      }
    }
    return bad;
  })()`)) as string[];
}

/**
 * Dotted names in table cells (a check id such as `webhook.accepts-valid`, an event name) that wrap
 * inside a word instead of after a dot or a hyphen: each as `name: broken at abcd|efgh`.
 */
export async function namesBrokenBadly(page: Page): Promise<string[]> {
  return (await page.evaluate(`[...document.querySelectorAll('td code')].flatMap((code) => {
    const name = code.textContent;
    if (code.getClientRects().length === 0 || !/^[a-z]+(\\.[a-z-]+)+$/.test(name)) return [];
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const tops = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let offset = 0; offset < node.data.length; offset++) {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
    }
    const breaks = [];
    for (let i = 1; i < name.length; i++) {
      if (tops[i] !== tops[i - 1] && !'.-'.includes(name[i - 1])) breaks.push(name.slice(Math.max(0, i - 4), i) + '|' + name.slice(i, i + 4));
    }
    return breaks.length > 0 ? [name + ': broken at ' + breaks.join(', ')] : [];
  })`)) as string[];
}

/** Tags (`.tag`) in table cells that stick out of their cell or cut their own text: each tag's text. */
export async function clippedTags(page: Page): Promise<string[]> {
  return (await page.evaluate(`[...document.querySelectorAll('td .tag')].filter((tag) => {
    if (tag.getClientRects().length === 0) return false;
    const box = tag.getBoundingClientRect();
    const cell = tag.closest('td').getBoundingClientRect();
    const scroller = tag.closest('.table-scroll')?.getBoundingClientRect();
    const outside = (inner, outer) => inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
    return outside(box, cell) || (scroller && outside(box, scroller)) || box.right > window.innerWidth || tag.scrollWidth > tag.clientWidth + 1;
  }).map((tag) => tag.textContent.trim())`)) as string[];
}
