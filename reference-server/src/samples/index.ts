/** The samples domain's public interface: what other folders may import. */
export { sampleEventData } from './sample-events.js';
