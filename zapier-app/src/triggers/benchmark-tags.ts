import { defineTrigger, type Bundle, type ZObject } from 'zapier-platform-core';
import { BENCHMARK_TAG_SAMPLE, ASSESSMENT_LABELS } from '../assessment/samples.js';
import { apiUrl } from '../config.js';
import { outputFieldsFrom } from '../output-fields.js';

/** The API's largest page: a dropdown page is one request. */
const PAGE_SIZE = 100;

type Tag = typeof BENCHMARK_TAG_SAMPLE;

/** Zapier counts dropdown pages from 0; the API counts from 1. */
const perform = async (z: ZObject, bundle: Bundle): Promise<Tag[]> => {
  const response = await z.request<{ tags: Tag[] }>({
    url: apiUrl('/api/v1/benchmark-tags'),
    params: { page: (bundle.meta?.page ?? 0) + 1, limit: PAGE_SIZE },
  });
  return response.data.tags;
};

export const benchmarkTags = defineTrigger({
  key: 'benchmark_tags',
  noun: 'Benchmark Tag',
  display: {
    label: 'New Benchmark Tag',
    description: 'Triggers when a benchmark tag is available; feeds the Benchmark Tag dropdown.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    canPaginate: true,
    perform,
    sample: BENCHMARK_TAG_SAMPLE,
    outputFields: outputFieldsFrom(BENCHMARK_TAG_SAMPLE, { ...ASSESSMENT_LABELS, norms: 'norm' }, { id: 'tag ID', name: 'tag name' }),
  },
});
