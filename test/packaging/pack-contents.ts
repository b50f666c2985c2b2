// What `npm pack` would publish for a workspace, as npm itself reports it (`--dry-run --json`).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export function packedFiles(workspace: string): string[] {
  const stdout = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: `${repoRoot}${workspace}`,
    encoding: 'utf8',
  });
  const [report] = JSON.parse(stdout) as { files: { path: string }[] }[];
  if (!report) throw new Error(`npm pack --dry-run printed nothing for ${workspace}`);
  return report.files.map((file) => file.path).sort();
}
