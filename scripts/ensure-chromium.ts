// `npm test`'s first step: the sign-in page tests drive a headless Chromium (Debian's package, at
// /usr/bin/chromium, through playwright-core; no browser download). On a fresh machine it is
// installed here with apt-get when this runs as root; otherwise this stops with the one command to
// run. Never skipped silently: every path says what it found or did.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

function run(command: string, args: string[]): boolean {
  console.log(`  $ ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

function main(): number {
  if (existsSync(CHROMIUM)) return 0;
  console.log(`The sign-in page tests need a headless Chromium at ${CHROMIUM}, which is missing.`);
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  const isRoot = process.getuid?.() === 0;
  if (!hasApt || !isRoot) {
    console.error(
      hasApt
        ? `Install Debian's package once, then run npm test again:\n  sudo apt-get update && sudo apt-get install -y chromium`
        : `This is not a Debian/Ubuntu system: install Chromium so that ${CHROMIUM} exists (or link it there), then run npm test again.`,
    );
    return 1;
  }
  console.log("Installing Debian's chromium package (once; a minute or two):");
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
    console.error('apt-get could not install chromium; see its output above.');
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get installed chromium, but ${CHROMIUM} is still missing.`);
    return 1;
  }
  console.log(`Chromium installed at ${CHROMIUM}.`);
  return 0;
}

process.exitCode = main();
