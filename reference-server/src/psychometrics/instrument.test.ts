import { describe, expect, it } from 'vitest';
import { CLOSING, DEMOGRAPHICS, instrumentFor, instrumentJson, PSYCHOMETRIC, QUESTIONS } from './instrument.js';
import { ITEM_TEXTS } from './items.js';
import { DIMENSIONS, itemKey } from './model.js';

describe('instrument 1.0', () => {
  it('has 140 questions in three categories with the spec ranges', () => {
    const doc = instrumentFor('org_x');
    expect(doc).toMatchObject({ version: '1.0', organizationId: 'org_x', totalQuestions: 140 });
    expect(doc.scaleOptions.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(DEMOGRAPHICS.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(PSYCHOMETRIC).toHaveLength(127);
    expect(PSYCHOMETRIC[0]?.id).toBe('q5');
    expect(PSYCHOMETRIC.at(-1)?.id).toBe('q131');
    expect(CLOSING.map((q) => q.id)).toEqual(Array.from({ length: 9 }, (_, i) => `q${132 + i}`));
    expect(QUESTIONS.map((q) => q.number)).toEqual(Array.from({ length: 140 }, (_, i) => i + 1));
  });

  it('requires the full name, the email and every psychometric item, nothing else', () => {
    expect(QUESTIONS.filter((q) => q.required).map((q) => q.id)).toEqual(['q1', 'q4', ...PSYCHOMETRIC.map((q) => q.id)]);
    expect(DEMOGRAPHICS.find((q) => q.id === 'q1')).toMatchObject({ type: 'text', submitField: 'full_name' });
    expect(DEMOGRAPHICS.find((q) => q.id === 'q4')).toMatchObject({ type: 'email', submitField: 'email' });
    for (const q of PSYCHOMETRIC) expect(q).toMatchObject({ type: 'likert', required: true, options: expect.any(Array) });
    for (const q of QUESTIONS.filter((q) => q.type === 'single_choice')) expect(q.options?.length).toBeGreaterThan(1);
  });

  it('has a distinct text for every item and the right number per dimension and keying', () => {
    const texts = QUESTIONS.map((q) => q.text);
    expect(new Set(texts).size).toBe(140);
    for (const d of DIMENSIONS) {
      expect(ITEM_TEXTS[d].forward).toHaveLength(8);
      expect(ITEM_TEXTS[d].reversed).toHaveLength(d === 'autonomy' ? 7 : 8);
    }
    // Spot checks that text and keying agree: q13 is achievement_drive, reversed.
    expect(itemKey(13)).toMatchObject({ dimension: 'achievement_drive', reversed: true });
    expect(PSYCHOMETRIC.find((q) => q.id === 'q13')?.text).toBe(ITEM_TEXTS.achievement_drive.reversed[0]);
    expect(PSYCHOMETRIC.find((q) => q.id === 'q12')?.text).toBe(ITEM_TEXTS.autonomy.forward[0]);
  });
});

describe('instrumentJson', () => {
  it('is the instrument document with the organisation id, serialised', () => {
    expect(JSON.parse(instrumentJson('org_"quoted"'))).toEqual(instrumentFor('org_"quoted"'));
  });
});
