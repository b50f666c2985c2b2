/** The integration's version: package.json's, which `zapier-platform push` publishes (a test keeps the two equal). */
export const VERSION = '0.1.0';
