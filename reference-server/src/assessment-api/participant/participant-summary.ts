import { DIMENSION_INFO, DIMENSIONS } from '../../psychometrics/index.js';
import type { Band, ScoreReport } from '../../psychometrics/index.js';

/**
 * The participant's own summary, when their organisation shows it: each dimension in plain words
 * from its band, relative to people in general. No scores, percentiles or norms: those are for the
 * organisation's trained readers, and a number without its norm misleads.
 */
const BAND_WORDS: Record<Band, string> = {
  high: 'You described yourself as stronger here than most people do.',
  average: 'You described yourself much as most people do here.',
  low: 'You described yourself as less strong here than most people do.',
};

export interface SummaryLine {
  label: string;
  description: string;
  reading: string;
}

export function plainSummary(scores: ScoreReport): SummaryLine[] {
  return DIMENSIONS.map((dimension) => ({
    label: DIMENSION_INFO[dimension].label,
    description: DIMENSION_INFO[dimension].description,
    reading: BAND_WORDS[scores.dimensions[dimension].band],
  }));
}
