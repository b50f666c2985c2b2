import { Time } from '../../pages/index.js';

/** When a credential last made a request, to the second: the request log keeps no older history. */
export const LastUsed = ({ at }: { at: number | undefined }) => (at === undefined ? <>not since the server started</> : <Time at={at} precision="second" />);
