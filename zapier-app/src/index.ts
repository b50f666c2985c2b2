import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './authentication.js';
import { submitAssessment } from './creates/submit-assessment.js';
import { addCredentials, handleErrors } from './middleware.js';
import { findAssessmentResult } from './searches/find-assessment-result.js';
import { benchmarkTags } from './triggers/benchmark-tags.js';
import { VERSION as version } from './version.js';


const App = defineApp({
  version,
  platformVersion,
  authentication,
  beforeRequest: [addCredentials],
  afterResponse: [handleErrors],
  triggers: {
    [benchmarkTags.key]: benchmarkTags,
  },
  creates: {
    [submitAssessment.key]: submitAssessment,
  },
  searches: {
    [findAssessmentResult.key]: findAssessmentResult,
  },
});

export default App;
