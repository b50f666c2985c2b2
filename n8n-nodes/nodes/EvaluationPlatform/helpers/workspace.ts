/** Where a person opens a submission in the platform's workspace. */
export function workspaceUrl(baseUrl: string, submissionId: string): string {
	return `${baseUrl.replace(/\/+$/, '')}/workspace/submissions/${encodeURIComponent(submissionId)}`;
}
