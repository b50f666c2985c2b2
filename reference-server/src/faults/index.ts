// What the rest of the server uses of faults/: other folders import it from here, never from its files.
export { faultInjection } from './middleware.js';
export { FAULT_KINDS, FAULT_SURFACES, faultInputSchema, faultView, type FaultView } from './fault-records.js';
export { clearFaults, listFaults, setFault } from './fault-service.js';
