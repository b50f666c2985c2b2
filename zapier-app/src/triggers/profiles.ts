import { defineTrigger, type ZObject } from 'zapier-platform-core';
import { listPage } from '../automation/list.js';
import { PROFILE_SAMPLE } from '../automation/samples.js';
import { outputFieldsFrom } from '../output-fields.js';

type Profile = typeof PROFILE_SAMPLE;
const KEYS = Object.keys(PROFILE_SAMPLE) as (keyof Profile)[];

/** The organisation's profiles (a handful, one page), without their scoring criteria. */
const perform = async (z: ZObject): Promise<Profile[]> =>
  (await listPage<Record<string, unknown>>(z, '/api/automation/profiles')).data.map(
    (profile) => Object.fromEntries(KEYS.map((key) => [key, profile[key] ?? null])) as Profile,
  );

export const profiles = defineTrigger({
  key: 'profiles',
  noun: 'Profile',
  display: {
    label: 'New Profile',
    description: 'Triggers when a profile is available to submit into; feeds the Profile dropdown.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    perform,
    sample: PROFILE_SAMPLE,
    outputFields: outputFieldsFrom(PROFILE_SAMPLE, {}, { id: 'profile ID', name: 'profile name' }),
  },
});
