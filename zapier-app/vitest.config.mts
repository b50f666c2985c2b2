// The app's `test` script, which `zapier-platform test` runs (`npm run test -- <args>`): the
// repository's test setup limited to this app's tests, so that a file passed on narrows the run
// instead of adding to it (`zapier-platform test --skip-validate -- -- test/certification.test.ts`:
// CLI 19.1.0 forwards only what follows a second `--`).
import { fileURLToPath } from 'node:url';
import repository from '../vitest.config.mts';

export default {
  ...repository,
  root: fileURLToPath(new URL('..', import.meta.url)),
  // Without the repository's projects (one per store): each would add its own files to the run.
  test: { ...repository.test, projects: undefined, include: ['zapier-app/test/**/*.test.ts'] },
};
