// What the rest of the server uses of operator/: other folders import it from here, never from its files.
export type { CliHints } from './command.js';
export { type CallOptions, type CommandInput, type CommandName, type CommandOutput, COMMANDS, inProcess, type OperatorCall, parseInput, runCommand } from './commands.js';
export { remote } from './remote.js';
export { MAX_WAIT_MS } from './run-wait.js';
export { createOperatorRouter } from './router.js';
