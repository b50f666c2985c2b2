/** The psychometrics domain's public interface: what other folders may import. */
export { answersFrom, straightLine, workedExample } from './fixtures.js';
export { CLOSING, DEMOGRAPHICS, INSTRUMENT_VERSION, PSYCHOMETRIC, instrumentFor, instrumentJson, instrumentSchema, questionById, type Question } from './instrument.js';
export { DIMENSIONS, DIMENSION_INFO, FIRST_ITEM, LAST_ITEM, SCALE_MAX, SCALE_MIN, itemsOf, type Dimension } from './model.js';
export { BENCHMARK_TAGS, GENERAL_NORM, GENERAL_NORM_ID, GENERAL_NORM_NAME, benchmarkTag, selectNorm, type BenchmarkTag, type NormSet, type ScaleNorm } from './norms.js';
export { bandSchema, qualityStatusSchema, scoreReportSchema, type Band, type DimensionScore, type QualityStatus, type ScaleScore, type ScoreReport } from './score-report.js';
export { QUALITY_THRESHOLDS } from './quality.js';
export { scoreAnswers } from './scoring-engine.js';
