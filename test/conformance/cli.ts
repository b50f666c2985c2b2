import { main } from './command.js';

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
