import { afterEach, describe, expect, it } from 'vitest';
import { surfaceOf } from '../src/surfaces.js';

/** Which credential a URL may get: only the platform's own paths, on the configured origin. */
const original = process.env['BASE_URL'];
afterEach(() => {
  process.env['BASE_URL'] = original;
});

describe('surfaceOf', () => {
  it('names each surface of the configured platform', () => {
    process.env['BASE_URL'] = 'https://platform.example.com';
    expect(surfaceOf('https://platform.example.com/api')).toBe('graphql');
    expect(surfaceOf('https://platform.example.com/api/automation/submissions?limit=1')).toBe('automation');
    expect(surfaceOf('https://platform.example.com/api/v1/assessment/results')).toBe('assessment');
    expect(surfaceOf('https://platform.example.com/api/oauth/token')).toBe('oauth');
  });

  it('treats every other host, port, scheme or path as foreign', () => {
    process.env['BASE_URL'] = 'https://platform.example.com';
    for (const url of [
      'https://files.example.org/api/automation/me',
      'https://platform.example.com.evil.test/api/automation/me',
      'http://platform.example.com/api/automation/me',
      'https://platform.example.com:8443/api/automation/me',
      'https://platform.example.com/api/automationx',
      'https://platform.example.com/apiv1/x',
      'https://platform.example.com/',
      'not a url',
    ]) {
      expect(surfaceOf(url), url).toBe('foreign');
    }
  });

  it('honours a base URL with a path prefix', () => {
    process.env['BASE_URL'] = 'https://gateway.example.com/platform/';
    expect(surfaceOf('https://gateway.example.com/platform/api')).toBe('graphql');
    expect(surfaceOf('https://gateway.example.com/platform/api/v1/benchmark-tags')).toBe('assessment');
    expect(surfaceOf('https://gateway.example.com/api/v1/benchmark-tags')).toBe('foreign');
  });
});
