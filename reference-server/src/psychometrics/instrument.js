import { z } from 'zod';
import { itemText } from './items.js';
import { ITEM_KEYS, LAST_ITEM, SCALE_MAX, SCALE_MIN } from './model.js';
/**
 * Instrument version 1.0 as served by `GET /api/v1/assessment/questions`: 4 demographic
 * questions, 127 psychometric items (q5..q131) and 9 optional closing questions, 140 in all.
 */
export const INSTRUMENT_VERSION = '1.0';
export const TOTAL_QUESTIONS = LAST_ITEM + 9;
export const optionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() }).strict();
export const questionSchema = z
    .object({
    id: z.string(),
    number: z.int(),
    text: z.string(),
    type: z.enum(['text', 'email', 'single_choice', 'likert', 'long_text', 'boolean']),
    required: z.boolean(),
    options: z.array(optionSchema).optional().describe('The allowed answers (their `value`), where the type has options.'),
    maxLength: z.int().optional(),
    submitField: z.enum(['full_name', 'email']).optional().describe('The submit body field that carries this answer, when it is not the question id.'),
})
    .strict();
export const SCALE_OPTIONS = [
    { value: 1, label: 'Strongly disagree' },
    { value: 2, label: 'Disagree' },
    { value: 3, label: 'Slightly disagree' },
    { value: 4, label: 'Slightly agree' },
    { value: 5, label: 'Agree' },
    { value: 6, label: 'Strongly agree' },
];
export const SCALE_DESCRIPTION = `Rate how well each statement describes you, from ${SCALE_MIN} (strongly disagree) to ${SCALE_MAX} (strongly agree). ` +
    'The scale has no neutral midpoint: choose the side you lean towards. Answer as you usually are, not as you would like to be.';
const choices = (...pairs) => pairs.map(([value, label]) => ({ value, label }));
export const DEMOGRAPHICS = [
    { id: 'q1', number: 1, text: 'Your full name', type: 'text', required: true, maxLength: 200, submitField: 'full_name' },
    {
        id: 'q2',
        number: 2,
        text: 'Which best describes your current role?',
        type: 'single_choice',
        required: false,
        options: choices(['founder', 'Founder'], ['co_founder', 'Co-founder'], ['executive', 'Executive or manager'], ['employee', 'Employee'], ['student', 'Student'], ['investor', 'Investor'], ['other', 'Other']),
    },
    {
        id: 'q3',
        number: 3,
        text: 'How many years of professional experience do you have?',
        type: 'single_choice',
        required: false,
        options: choices(['0-2', 'Up to 2 years'], ['3-5', '3 to 5 years'], ['6-10', '6 to 10 years'], ['11-20', '11 to 20 years'], ['20+', 'More than 20 years']),
    },
    { id: 'q4', number: 4, text: 'Your email address', type: 'email', required: true, maxLength: 254, submitField: 'email' },
];
export const PSYCHOMETRIC = ITEM_KEYS.map((item) => ({
    id: item.id,
    number: item.number,
    text: itemText(item),
    type: 'likert',
    required: true,
    options: SCALE_OPTIONS,
}));
export const CLOSING = [
    {
        id: 'q132',
        text: 'How many companies have you founded or co-founded before your current one?',
        type: 'single_choice',
        options: choices(['0', 'None'], ['1', 'One'], ['2', 'Two'], ['3+', 'Three or more']),
    },
    {
        id: 'q133',
        text: 'What stage is your current venture at?',
        type: 'single_choice',
        options: choices(['idea', 'Idea'], ['pre_seed', 'Pre-seed'], ['seed', 'Seed'], ['series_a', 'Series A'], ['growth', 'Series B or later'], ['none', 'I do not have a venture']),
    },
    {
        id: 'q134',
        text: 'Which industry is your current or intended venture in?',
        type: 'single_choice',
        options: choices(['fintech', 'Financial services'], ['health', 'Health and life sciences'], ['climate', 'Climate and energy'], ['software', 'Business software'], ['consumer', 'Consumer products'], ['deep_tech', 'Deep tech and hardware'], ['marketplace', 'Marketplaces'], ['other', 'Other']),
    },
    {
        id: 'q135',
        text: 'How many people work on the venture, including you?',
        type: 'single_choice',
        options: choices(['1', 'Just me'], ['2-5', '2 to 5'], ['6-20', '6 to 20'], ['21-100', '21 to 100'], ['100+', 'More than 100']),
    },
    {
        id: 'q136',
        text: 'How many hours a week do you spend on the venture?',
        type: 'single_choice',
        options: choices(['<10', 'Fewer than 10'], ['10-29', '10 to 29'], ['30-49', '30 to 49'], ['50+', '50 or more']),
    },
    { id: 'q137', text: 'Has the venture raised external funding?', type: 'boolean' },
    {
        id: 'q138',
        text: 'What is your main reason for building a company?',
        type: 'single_choice',
        options: choices(['product', 'To build a product I believe in'], ['independence', 'To be independent'], ['financial', 'Financial reward'], ['impact', 'To change something in society'], ['other', 'Another reason']),
    },
    {
        id: 'q139',
        text: 'Is there anything about your circumstances we should keep in mind when reading your results?',
        type: 'long_text',
        maxLength: 2000,
    },
    { id: 'q140', text: 'May we contact you about your results?', type: 'boolean' },
].map((q, i) => ({ ...q, number: LAST_ITEM + 1 + i, required: false }));
export const QUESTIONS = [...DEMOGRAPHICS, ...PSYCHOMETRIC, ...CLOSING];
const BY_ID = new Map(QUESTIONS.map((q) => [q.id, q]));
export function questionById(id) {
    return BY_ID.get(id);
}
export const instrumentSchema = z
    .object({
    version: z.string(),
    organizationId: z.string(),
    scaleDescription: z.string(),
    scaleOptions: z.array(optionSchema),
    totalQuestions: z.int(),
    categories: z
        .object({ demographics: z.array(questionSchema), psychometric: z.array(questionSchema), closing: z.array(questionSchema) })
        .strict(),
})
    .strict();
/**
 * The instrument as JSON text. Only `organizationId` differs between organisations, so the rest
 * is serialised once instead of on every request (it is about 40 kB).
 */
export function instrumentJson(organizationId) {
    const { organizationId: _placeholder, ...rest } = instrumentFor('');
    serialisedRest ??= JSON.stringify(rest).slice(1);
    return `{"organizationId":${JSON.stringify(organizationId)},${serialisedRest}`;
}
let serialisedRest;
export function instrumentFor(organizationId) {
    return {
        version: INSTRUMENT_VERSION,
        organizationId,
        scaleDescription: SCALE_DESCRIPTION,
        scaleOptions: SCALE_OPTIONS,
        totalQuestions: TOTAL_QUESTIONS,
        categories: { demographics: DEMOGRAPHICS, psychometric: PSYCHOMETRIC, closing: CLOSING },
    };
}
//# sourceMappingURL=instrument.js.map