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

/**
 * A submission as every submission step returns it (automation/evaluation.ts): a real processed
 * submission of the demo organisation's seed-deal profile, read back by Find Submission.
 */
export const SUBMISSION_SAMPLE = {
  "id": "sub_uNHClsYyX7ovyxRA",
  "record_id": "crm-1001",
  "status": "completed",
  "profile_id": "prf_seed_deal",
  "profile_name": "Seed deal screen",
  "overall_score": 48.3,
  "band": "mixed",
  "score_partial": false,
  "assessment_status": "not_required",
  "criteria": [
    {
      "key": "revenue",
      "label": "Monthly revenue",
      "weight": 25,
      "score": 40,
      "evidence": "monthly_revenue is 20000 (target 50000)"
    },
    {
      "key": "team",
      "label": "Team size",
      "weight": 10,
      "score": 0,
      "evidence": "team_size is missing or not a number"
    },
    {
      "key": "round",
      "label": "Round fit",
      "weight": 15,
      "score": 100,
      "evidence": "stage is \"seed\""
    },
    {
      "key": "market",
      "label": "Market thinking",
      "weight": 20,
      "score": 66.7,
      "evidence": "found market, competitor"
    },
    {
      "key": "data_room",
      "label": "Data room",
      "weight": 15,
      "score": 0,
      "evidence": "0 resources attached (target 3)"
    },
    {
      "key": "website",
      "label": "Website",
      "weight": 5,
      "score": 0,
      "evidence": "website is missing"
    },
    {
      "key": "pitch",
      "label": "One-line pitch",
      "weight": 10,
      "score": 100,
      "evidence": "pitch is given"
    }
  ],
  "criteria_text": "Monthly revenue: 40\nTeam size: 0\nRound fit: 100\nMarket thinking: 66.7\nData room: 0\nWebsite: 0\nOne-line pitch: 100",
  "founders": [
    {
      "name": "Grace Hopper",
      "email": "grace@example.com",
      "role": "Founder",
      "primary": true,
      "fit": null
    }
  ],
  "founders_summary": "Grace Hopper (Founder): fit not assessed yet",
  "report_summary": "Cobol Labs scores 48.3 of 100 against \"Seed deal screen\" (mixed). Strongest on Round fit, One-line pitch. Weakest on Team size, Data room, Website.",
  "report_markdown": "# Cobol Labs\n\nProfile: Seed deal screen · Record: crm-1001 · Scored: 2026-11-23T22:44:16.063Z\n\n**Overall 48.3 / 100 (mixed)**\n\nCobol Labs scores 48.3 of 100 against \"Seed deal screen\" (mixed). Strongest on Round fit, One-line pitch. Weakest on Team size, Data room, Website.\n\n## Criteria\n\n| Criterion | Weight | Score | Evidence |\n|---|---:|---:|---|\n| Monthly revenue | 25 | 40 | monthly\\_revenue is 20000 (target 50000) |\n| Team size | 10 | 0 | team\\_size is missing or not a number |\n| Round fit | 15 | 100 | stage is \"seed\" |\n| Market thinking | 20 | 66.7 | found market, competitor |\n| Data room | 15 | 0 | 0 resources attached (target 3) |\n| Website | 5 | 0 | website is missing |\n| One-line pitch | 10 | 100 | pitch is given |\n\n## People\n\n- Grace Hopper, grace@example.com, Founder, primary: no assessment result\n\n## Strengths\n\n- Round fit\n- One-line pitch\n\n## Concerns\n\n- Team size\n- Data room\n- Website\n",
  "report_strengths": [
    "Round fit",
    "One-line pitch"
  ],
  "report_concerns": [
    "Team size",
    "Data room",
    "Website"
  ],
  "workspace_url": "http://127.0.0.1:35569/workspace/submissions/sub_uNHClsYyX7ovyxRA",
  "job_id": "job_uNHClsYyX7ovyxRA",
  "source": "zapier",
  "fields": {
    "stage": "seed",
    "monthly_revenue": "20000",
    "pitch": "A market with no competitor",
    "email": "grace@example.com",
    "name": "Grace Hopper",
    "company": "Cobol Labs"
  },
  "created_at": "2026-11-23T22:44:15.834Z",
  "updated_at": "2026-11-23T22:44:16.063Z",
  "processed_at": "2026-11-23T22:44:16.063Z",
  "resource_count": 0,
  "transcript_count": 0,
  "error_code": null,
  "error_message": null
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
