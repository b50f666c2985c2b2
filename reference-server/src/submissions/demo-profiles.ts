import type { AppContext } from '../context.js';
import { createProfile, type ProfileInput } from './profiles.js';
import { createSubmission } from './submission-service.js';

/**
 * Demo data of the Automation API: three profiles an investor or a venture studio would really
 * use — one per kind, two of them with assessment targets — and one submission of the person
 * the Assessment API's seed gave a result, so a scored submission exists out of the box.
 */
export const DEMO_PROFILES: { id: string; input: ProfileInput }[] = [
  {
    id: 'prf_preseed_founder',
    input: {
      name: 'Pre-seed B2B SaaS founder',
      description: 'First-check screen for solo or co-founding teams building B2B software: founder drive and resilience, early traction, and a credible story.',
      kind: 'founder',
      required_fields: ['email', 'name', 'company'],
      criteria: [
        {
          key: 'founder_fit',
          label: 'Founder psychometric fit',
          description: "Closeness of the founders' assessment percentiles to what this fund sees in founders who last.",
          weight: 35,
          rule: {
            type: 'assessment_fit',
            targets: { achievement_drive: 75, perseverance: 80, resilience: 75, risk_tolerance: 65, innovativeness: 70, proactiveness: 75, self_efficacy: 70, autonomy: 60 },
          },
        },
        {
          key: 'traction',
          label: 'Early traction',
          description: 'Signals of paying or committed customers in the fields and call transcripts.',
          weight: 20,
          rule: { type: 'keywords', in: ['fields', 'transcripts'], keywords: ['revenue', 'customers', 'pilot', 'arr', 'retention', 'letter of intent', 'paying'], saturation: 3 },
        },
        { key: 'stage', label: 'Stage fit', description: 'The fund writes pre-seed and seed checks.', weight: 10, rule: { type: 'field_in', field: 'stage', values: ['pre-seed', 'seed'] } },
        {
          key: 'sector',
          label: 'Sector fit',
          description: 'Thesis sectors.',
          weight: 10,
          rule: { type: 'field_in', field: 'industry', values: ['b2b software', 'saas', 'developer tools', 'fintech infrastructure', 'vertical saas'] },
        },
        { key: 'materials', label: 'Materials provided', description: 'A deck and at least one more document or link.', weight: 10, rule: { type: 'resource_count', target: 2 } },
        { key: 'conversation', label: 'First call depth', description: 'A first-call transcript of about 20 minutes.', weight: 10, rule: { type: 'transcript_words', target: 1500 } },
        { key: 'linkedin', label: 'Public profile', description: 'A LinkedIn or similar public profile.', weight: 5, rule: { type: 'field_present', field: 'linkedin' } },
      ],
    },
  },
  {
    id: 'prf_seed_deal',
    input: {
      name: 'Seed deal screen',
      description: 'Company-level screen for seed rounds: revenue, team, market language and a complete data room. No assessment needed.',
      kind: 'deal',
      required_fields: ['company'],
      criteria: [
        { key: 'revenue', label: 'Monthly revenue', description: 'Monthly recurring revenue against a 50k target.', weight: 25, rule: { type: 'number_at_least', field: 'monthly_revenue', target: 50_000 } },
        { key: 'team', label: 'Team size', description: 'Full-time team against a target of 5.', weight: 10, rule: { type: 'number_at_least', field: 'team_size', target: 5 } },
        { key: 'round', label: 'Round fit', description: 'Seed or seed extension rounds.', weight: 15, rule: { type: 'field_in', field: 'stage', values: ['seed', 'seed extension'] } },
        {
          key: 'market',
          label: 'Market thinking',
          description: 'The pitch and calls speak to market size, competition and defensibility.',
          weight: 20,
          rule: { type: 'keywords', in: ['fields', 'transcripts', 'resources'], keywords: ['tam', 'market', 'competitor', 'moat', 'defensib', 'network effect'], saturation: 3 },
        },
        { key: 'data_room', label: 'Data room', description: 'Deck, financial model and cap table.', weight: 15, rule: { type: 'resource_count', target: 3 } },
        { key: 'website', label: 'Website', description: 'A live website.', weight: 5, rule: { type: 'field_present', field: 'website' } },
        { key: 'pitch', label: 'One-line pitch', description: 'A pitch in the submission.', weight: 10, rule: { type: 'field_present', field: 'pitch' } },
      ],
    },
  },
  {
    id: 'prf_studio_operator',
    input: {
      name: 'Venture studio operator',
      description: 'Candidates for entrepreneur-in-residence and first-operator roles in studio companies.',
      kind: 'candidate',
      required_fields: ['email', 'name'],
      criteria: [
        {
          key: 'operator_fit',
          label: 'Operator psychometric fit',
          description: 'Proactive, autonomous, steady under pressure.',
          weight: 40,
          rule: { type: 'assessment_fit', targets: { proactiveness: 80, autonomy: 70, resilience: 75, self_efficacy: 70, perseverance: 70 } },
        },
        { key: 'experience', label: 'Experience', description: 'Years of relevant experience against a target of 6.', weight: 20, rule: { type: 'number_at_least', field: 'years_experience', target: 6 } },
        {
          key: 'ownership',
          label: 'Ownership signals',
          description: 'Evidence of having built and led, in the fields and interview transcripts.',
          weight: 20,
          rule: { type: 'keywords', in: ['fields', 'transcripts'], keywords: ['led', 'launched', 'hired', 'scaled', 'shipped', 'founded'], saturation: 3 },
        },
        { key: 'linkedin', label: 'Public profile', description: 'A LinkedIn profile.', weight: 10, rule: { type: 'field_present', field: 'linkedin' } },
        { key: 'interview', label: 'Interview depth', description: 'Interview transcripts of about 1,000 words.', weight: 10, rule: { type: 'transcript_words', target: 1000 } },
      ],
    },
  },
];

export async function seedAutomationDemo(ctx: AppContext, orgId: string): Promise<void> {
  for (const profile of DEMO_PROFILES) await createProfile(ctx, orgId, profile.input, profile.id);
  await createSubmission(ctx, orgId, {
    record_id: 'demo-jordan-rivera',
    profile_id: 'prf_preseed_founder',
    source: 'seed',
    fields: {
      email: 'jordan.rivera@founders.example',
      name: 'Jordan Rivera',
      company: 'Ledgerline',
      stage: 'pre-seed',
      industry: 'fintech infrastructure',
      linkedin: 'https://www.linkedin.com/in/jordan-rivera-example',
      pitch: 'Reconciliation API for B2B marketplaces; 4 paying customers and two pilots, $9k MRR.',
    },
  });
}
