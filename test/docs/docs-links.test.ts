import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The project's documents as a newcomer walks them: every decision record is in the index, and no
 * relative link leads nowhere (a renamed file or section leaves one behind).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docs = join(root, 'docs');
const decisions = join(docs, 'decisions');
const markdownIn = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.md')).map((name) => join(folder, name));
const documents = [join(root, 'README.md'), ...['reference-server', 'n8n-nodes', 'zapier-app'].map((part) => join(root, part, 'README.md')), ...markdownIn(docs), ...markdownIn(decisions)].filter((file) => existsSync(file));

/** Relative link targets of a markdown text, without their #fragment (code spans and fences left out). */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => (match[1] as string).split('#')[0] as string)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the documents', () => {
  it('list every decision record in docs/decisions/README.md', () => {
    const index = readFileSync(join(decisions, 'README.md'), 'utf8');
    const unlisted = readdirSync(decisions).filter((name) => name.endsWith('.md') && name !== 'README.md' && !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });

  it('link only to files that exist', () => {
    const links = documents.flatMap((file) => relativeLinks(readFileSync(file, 'utf8')).map((target) => ({ file, target })));
    const broken = links.filter(({ file, target }) => !existsSync(resolve(dirname(file), decodeURI(target)))).map(({ file, target }) => `${file.slice(root.length + 1)} → ${target}`);
    expect(broken).toEqual([]);
    // The index alone links every record: a pattern that found nothing would pass on anything.
    expect(links.length).toBeGreaterThan(readdirSync(decisions).length);
  });
});
