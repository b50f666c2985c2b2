export { RESULTS_PATH, resultUrl } from './results-page.js';
export { resultsRoutes } from './results-routes.js';
