/**
 * Samples of what the Automation API returns, taken from the reference server's answers (the
 * demo organisation's seeded profile, a submission made by a test run, its resource and
 * transcript). `test/automation.test.ts` checks their keys against live answers.
 */

/** A profile, as the Profile dropdown's hidden trigger returns it (criteria left out: see submission-fields.ts). */
export const PROFILE_SAMPLE = {
  id: "prf_preseed_founder",
  name: "Pre-seed B2B SaaS founder",
  description: "First-check screen for solo or co-founding teams building B2B software: founder drive and resilience, early traction, and a credible story.",
  kind: "founder",
  required_fields: [
    "email",
    "name",
    "company"
  ],
  assessment_required: true,
  created_at: "2026-11-22T20:22:08.257Z"
};

/** A submission as `GET /api/automation/submissions` lists it: the shape every submission step returns. */
export const SUBMISSION_SAMPLE = {
  id: "sub_lI2Kuhv5mEOR94_8",
  job_id: "job_lI2Kuhv5mEOR94_8",
  record_id: "crm-1001",
  profile_id: "prf_preseed_founder",
  status: "awaiting_assessment",
  source: "zapier",
  fields: {
    email: "grace@example.com",
    name: "Grace Hopper",
    company: "Cobol Labs"
  },
  filters: [],
  created_at: "2026-11-22T20:22:08.407Z",
  updated_at: "2026-11-22T20:22:08.441Z",
  processed_at: "2026-11-22T20:22:08.441Z",
  resource_count: 0,
  transcript_count: 0,
  score: {
    overall: 0,
    band: "weak",
    partial: true,
    assessment: "pending"
  },
  error: null
};

/** `POST /api/automation/resources` → 201. */
export const RESOURCE_SAMPLE = {
  id: "rsc_KR0gxkw6JieJITV1",
  submission_id: "sub_lI2Kuhv5mEOR94_8",
  record_id: "crm-1001",
  kind: "url",
  url: "https://example.com/deck.pdf",
  name: "Pitch deck",
  content_type: "application/pdf",
  size_bytes: null,
  sha256: null,
  created_at: "2026-11-22T20:22:08.472Z"
};

/** `POST /api/automation/transcripts` → 201. */
export const TRANSCRIPT_SAMPLE = {
  id: "trn_t8kCwDs17det09Rm",
  submission_id: "sub_lI2Kuhv5mEOR94_8",
  record_id: "crm-1001",
  title: "Intro call",
  text: "We met to discuss the seed round.",
  segments: [],
  word_count: 7,
  language: "en",
  source: "text",
  file_name: null,
  created_at: "2026-11-22T20:22:08.511Z"
};
