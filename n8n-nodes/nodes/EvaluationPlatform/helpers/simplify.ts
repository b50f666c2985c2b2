import type { IDataObject } from 'n8n-workflow';

import { workspaceUrl } from './workspace';

/**
 * A submission (Automation API's snake_case view) reduced to what a person acts on: who, where
 * it stands, the scores and the report's summary, and the link to open it in the workspace.
 * Never more than ten fields (criteria and report only once the submission is read in full).
 */
export function simplifySubmission(raw: IDataObject, baseUrl: string): IDataObject {
	const score = (raw.score ?? null) as IDataObject | null;
	const report = (raw.report ?? null) as IDataObject | null;
	const simple: IDataObject = {
		id: raw.id,
		record_id: raw.record_id,
		profile_id: raw.profile_id,
		status: raw.status,
		overall_score: score?.overall ?? null,
		band: score?.band ?? null,
		updated_at: raw.updated_at,
		workspace_url: workspaceUrl(baseUrl, String(raw.id)),
	};
	if (Array.isArray(raw.criteria)) {
		simple.criteria = (raw.criteria as IDataObject[]).map((c) => ({ label: c.label, score: c.score }));
	}
	if (report) simple.report_summary = report.summary;
	return simple;
}

/**
 * A submission as the signed-in (OAuth2) API returns it, reduced to the same fields in the same
 * names as `simplifySubmission`: whichever API served it, the simplified output is the same.
 */
export function simplifyPartnerSubmission(raw: IDataObject, baseUrl: string): IDataObject {
	const score = (raw.scores ?? raw.score ?? null) as IDataObject | null;
	const report = (raw.report ?? null) as IDataObject | null;
	const simple: IDataObject = {
		id: raw.id,
		record_id: raw.recordId,
		profile_id: raw.profileId,
		// The signed-in API spells its enums in capitals (COMPLETED, WEAK); the Automation API does not.
		status: lower(raw.status),
		overall_score: score?.overall ?? null,
		band: lower(score?.band ?? null),
		updated_at: raw.updatedAt,
		workspace_url: workspaceUrl(baseUrl, String(raw.id)),
	};
	const criteria = (raw.scores as IDataObject | null | undefined)?.criteria;
	if (Array.isArray(criteria)) simple.criteria = (criteria as IDataObject[]).map((c) => ({ label: c.label, score: c.score }));
	if (report) simple.report_summary = report.summary;
	return simple;
}

function lower(value: IDataObject[string]): IDataObject[string] {
	return typeof value === 'string' ? value.toLowerCase() : value;
}

/**
 * A scored assessment result reduced from its scores and 127 answers to who, when, the
 * composite and each dimension's percentile and band.
 */
export function simplifyResult(raw: IDataObject): IDataObject {
	const scores = (raw.scores ?? {}) as IDataObject;
	const composite = (scores.composite ?? {}) as IDataObject;
	const dimensions = (scores.dimensions ?? {}) as Record<string, IDataObject>;
	return {
		id: raw.id,
		email: raw.email,
		fullName: raw.fullName,
		benchmarkTagId: raw.benchmarkTagId ?? null,
		submittedAt: raw.submittedAt,
		compositePercentile: composite.percentile ?? null,
		compositeBand: composite.band ?? null,
		dimensions: Object.fromEntries(
			Object.entries(dimensions).map(([key, d]) => [key, { label: d.label, percentile: d.percentile, band: d.band }]),
		),
		quality: ((scores.quality ?? {}) as IDataObject).status ?? null,
	};
}
