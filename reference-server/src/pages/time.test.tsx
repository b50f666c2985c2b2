import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { relativeText, RenderedAt, Time, utcText } from './time.js';

const NOW = Date.parse('2026-11-27T14:08:30.000Z');

describe('the one time format of the pages', () => {
  it('writes a moment in UTC, 24-hour, to the minute or to the second', () => {
    expect(utcText('2026-11-27T14:05:09.123Z')).toBe('2026-11-27 14:05 UTC');
    expect(utcText('2026-11-27T14:05:09.123Z', 'second')).toBe('2026-11-27 14:05:09 UTC');
    // Afternoon hours stay 24-hour; an epoch number and an ISO time with an offset read the same.
    expect(utcText(Date.parse('2026-11-27T23:59:00Z'))).toBe('2026-11-27 23:59 UTC');
    expect(utcText('2026-11-28T01:30:00+02:00')).toBe('2026-11-27 23:30 UTC');
  });

  it('says how long ago, rounded down, and how long until a future moment', () => {
    expect(relativeText(NOW, NOW)).toBe('just now');
    expect(relativeText(NOW - 59_999, NOW)).toBe('just now');
    expect(relativeText(NOW + 30_000, NOW)).toBe('just now');
    expect(relativeText(NOW - 60_000, NOW)).toBe('1 min ago');
    expect(relativeText('2026-11-27T14:05:09Z', NOW)).toBe('3 min ago');
    expect(relativeText(NOW - 59 * 60_000, NOW)).toBe('59 min ago');
    expect(relativeText(NOW - 60 * 60_000, NOW)).toBe('1 h ago');
    expect(relativeText(NOW - (23 * 60 + 59) * 60_000, NOW)).toBe('23 h ago');
    expect(relativeText(NOW - 24 * 3_600_000, NOW)).toBe('1 day ago');
    expect(relativeText(NOW - 47 * 3_600_000, NOW)).toBe('1 day ago');
    expect(relativeText(NOW - 48 * 3_600_000, NOW)).toBe('2 days ago');
    expect(relativeText(NOW + 14 * 86_400_000, NOW)).toBe('in 14 days');
    expect(relativeText(NOW + 90 * 60_000, NOW)).toBe('in 1 h');
  });

  it('renders a <time> element with the exact moment, and the relative time only when the render time is known', () => {
    expect(render(<Time at="2026-11-27T14:05:09Z" />)).toBe('<time datetime="2026-11-27T14:05:09.000Z">2026-11-27 14:05 UTC</time>');
    expect(
      render(
        <RenderedAt.Provider value={NOW}>
          <Time at="2026-11-27T14:05:09Z" precision="second" />
        </RenderedAt.Provider>,
      ),
    ).toBe('<time datetime="2026-11-27T14:05:09.000Z">2026-11-27 14:05:09 UTC (3 min ago)</time>');
  });
});
