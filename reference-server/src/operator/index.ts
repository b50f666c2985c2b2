// What the rest of the server uses of operator/: other folders import it from here, never from its files.
export { type CliHints, type CommandName, COMMANDS, runCommand } from './commands.js';
export { createOperatorRouter } from './router.js';
