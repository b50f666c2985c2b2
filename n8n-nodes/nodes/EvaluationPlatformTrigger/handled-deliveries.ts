/**
 * The webhook-ids a trigger handled, kept in this n8n process beside the workflow's static data.
 * n8n 2.41.1 does not save static data that `webhook()` changed when the webhook starts an
 * execution (the execution's Workflow is built on the same object and clears its "changed" flag
 * before n8n saves it), so a repeat delivered moments later read the old list and ran the
 * workflow again: found by certifying the package in a real n8n (`npm run e2e:n8n`). The static
 * data still counts where n8n does save it (another process, a restart).
 */
const handled = new Map<string, string[]>();

/** Whether `id` was handled before; if not, it is remembered (the newest `limit` per key). Returns the list to store. */
export function handleOnce(key: string, stored: string[] | undefined, id: string, limit: number): { repeat: boolean; remembered: string[] } {
	const here = handled.get(key) ?? [];
	if (here.includes(id) || (stored ?? []).includes(id)) return { repeat: true, remembered: stored ?? [] };
	handled.set(key, [...here, id].slice(-limit));
	return { repeat: false, remembered: [...(stored ?? []), id].slice(-limit) };
}

/** A deactivated trigger's memory goes with its subscription. */
export function forgetHandled(key: string): void {
	handled.delete(key);
}
