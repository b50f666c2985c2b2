// What the rest of the server uses of transport/: other folders import it from here, never from its files.
export { callOperator, readAll } from './operator-client.js';
export { checkTransport, createListener, loadTls } from './tls.js';
