import type { INodePropertyOptions } from 'n8n-workflow';

/** The Automation API's outbound event types. */
export const AUTOMATION_EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Assessment Completed', value: 'assessment.completed', description: 'A person in the organization completed the assessment' },
	{ name: 'Resource Attached', value: 'resource.attached', description: 'A file or link was attached to a submission' },
	{
		name: 'Submission Awaiting Assessment',
		value: 'submission.awaiting_assessment',
		description: 'A submission was scored on everything but the assessment its person has not taken yet',
	},
	{ name: 'Submission Completed', value: 'submission.completed', description: 'A submission was scored (again after a later attachment or assessment)' },
	{ name: 'Submission Failed', value: 'submission.failed', description: 'A submission could not be processed' },
	{ name: 'Submission Queued', value: 'submission.queued', description: 'A submission was accepted for processing' },
	{ name: 'Transcript Attached', value: 'transcript.attached', description: 'A transcript was attached to a submission' },
];

/** The Assessment API's outbound event types. */
export const ASSESSMENT_EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Assessment Completed', value: 'assessment.completed', description: 'A result was stored for a new email' },
	{ name: 'Assessment Replaced', value: 'assessment.replaced', description: 'A later submit replaced the stored result' },
];
