import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/**
 * The one way pages show a moment: UTC, 24-hour, `2026-11-27 14:05 UTC` (to the second where
 * several things happen within a minute, as in logs), with how long ago it was beside it. UTC
 * because the server cannot know the reader's zone without script, and one organisation's people
 * compare times across zones (decisions/pages-time-format.md).
 */
export type Moment = string | number;

export type Precision = 'minute' | 'second';

const isoOf = (at: Moment): string => (typeof at === 'number' ? new Date(at).toISOString() : new Date(Date.parse(at)).toISOString());

/** `2026-11-27 14:05 UTC` (`2026-11-27 14:05:09 UTC` to the second). */
export function utcText(at: Moment, precision: Precision = 'minute'): string {
  return `${isoOf(at).slice(0, precision === 'second' ? 19 : 16).replace('T', ' ')} UTC`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `just now`, `3 min ago`, `5 h ago`, `2 days ago`, `in 14 days`: the distance from `now`, rounded down. */
export function relativeText(at: Moment, now: number): string {
  const ms = Date.parse(isoOf(at)) - now;
  const distance = Math.abs(ms);
  if (distance < MINUTE) return 'just now';
  const amount =
    distance < HOUR ? `${Math.floor(distance / MINUTE)} min` : distance < DAY ? `${Math.floor(distance / HOUR)} h` : `${Math.floor(distance / DAY)} day${distance < 2 * DAY ? '' : 's'}`;
  return ms < 0 ? `${amount} ago` : `in ${amount}`;
}

/** The server's clock at the moment the page is rendered (pages/surface.tsx provides it). */
export const RenderedAt = createContext<number | undefined>(undefined);

/** A moment as a `<time datetime>` element: the UTC text and, when the render time is known, how long ago. */
export function Time({ at, precision = 'minute' }: { at: Moment; precision?: Precision }) {
  const now = useContext(RenderedAt);
  return (
    <time dateTime={isoOf(at)}>
      {utcText(at, precision)}
      {now === undefined ? null : ` (${relativeText(at, now)})`}
    </time>
  );
}
