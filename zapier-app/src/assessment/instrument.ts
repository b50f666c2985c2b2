import type { ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';

/** `GET /api/v1/assessment/questions`: the instrument, whose texts may change between versions. */
export interface Question {
  id: string;
  number: number;
  text: string;
  type: 'text' | 'email' | 'single_choice' | 'likert' | 'long_text' | 'boolean';
  required: boolean;
  options?: { value: string | number; label: string }[];
  maxLength?: number;
  submitField?: string;
}

export interface Instrument {
  version: string;
  organizationId: string;
  scaleDescription: string;
  scaleOptions: { value: number; label: string }[];
  totalQuestions: number;
  categories: Record<'demographics' | 'psychometric' | 'closing', Question[]>;
}

export async function fetchInstrument(z: ZObject): Promise<Instrument> {
  return (await z.request<Instrument>(apiUrl('/api/v1/assessment/questions'))).data;
}

/** Every question answered as a `q*` body field (q1 and q4 go as `full_name` and `email`). */
export function answerQuestions(instrument: Instrument): Question[] {
  const { demographics, psychometric, closing } = instrument.categories;
  return [...demographics, ...psychometric, ...closing].filter((q) => !q.submitField);
}
