import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './authentication.js';
import { attachResource } from './creates/attach-resource.js';
import { attachTranscript } from './creates/attach-transcript.js';
import { createSubmission } from './creates/create-submission.js';
import { submitAssessment } from './creates/submit-assessment.js';
import { addCredentials, handleErrors } from './middleware.js';
import { findAssessmentResult } from './searches/find-assessment-result.js';
import { findSubmission } from './searches/find-submission.js';
import { benchmarkTags } from './triggers/benchmark-tags.js';
import { newAssessmentResult } from './triggers/new-assessment-result.js';
import { profiles } from './triggers/profiles.js';
import { submissionRecords } from './triggers/submission-records.js';
import { newSubmission, submissionCompleted, submissionFailed } from './triggers/submission-hooks.js';
import { VERSION as version } from './version.js';

const App = defineApp({
  version,
  platformVersion,
  authentication,
  beforeRequest: [addCredentials],
  afterResponse: [handleErrors],
  triggers: {
    [newSubmission.key]: newSubmission,
    [submissionCompleted.key]: submissionCompleted,
    [submissionFailed.key]: submissionFailed,
    [newAssessmentResult.key]: newAssessmentResult,
    [profiles.key]: profiles,
    [benchmarkTags.key]: benchmarkTags,
    [submissionRecords.key]: submissionRecords,
  },
  creates: {
    [createSubmission.key]: createSubmission,
    [attachResource.key]: attachResource,
    [attachTranscript.key]: attachTranscript,
    [submitAssessment.key]: submitAssessment,
  },
  searches: {
    [findSubmission.key]: findSubmission,
    [findAssessmentResult.key]: findAssessmentResult,
  },
  searchOrCreates: {
    [findSubmission.key]: {
      key: findSubmission.key,
      display: {
        label: 'Find or Create Submission',
        description: 'Finds a submission by Record ID, or creates it when there is none.',
      },
      search: findSubmission.key,
      create: createSubmission.key,
    },
  },
});

export default App;
