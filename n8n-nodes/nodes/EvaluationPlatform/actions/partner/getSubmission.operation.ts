import { GET_SUBMISSION } from './documents';
import { graphqlOperation } from './graphqlOperation';

const show = { resource: ['partner'], operation: ['getSubmission'] };

export const { description, execute } = graphqlOperation({
	query: GET_SUBMISSION,
	operationName: 'getSubmissionQuery',
	rootField: 'submission',
	description: [
		{
			displayName: 'Find By',
			name: 'findBy',
			type: 'options',
			displayOptions: { show },
			options: [
				{ name: 'Record ID', value: 'recordId', description: 'Your own ID, given when the submission was created' },
				{ name: 'Submission or Job ID', value: 'id', description: "The platform's sub_… or job_… ID" },
			],
			default: 'recordId',
		},
		{
			displayName: 'Record ID',
			name: 'recordId',
			type: 'string',
			required: true,
			displayOptions: { show: { ...show, findBy: ['recordId'] } },
			default: '',
		},
		{
			displayName: 'Submission ID',
			name: 'submissionId',
			type: 'string',
			required: true,
			placeholder: 'sub_…',
			displayOptions: { show: { ...show, findBy: ['id'] } },
			default: '',
			description: 'A sub_… or job_… ID; no output when the organization has no such submission',
		},
	],
	variables(itemIndex) {
		return this.getNodeParameter('findBy', itemIndex) === 'id'
			? { id: this.getNodeParameter('submissionId', itemIndex) as string }
			: { recordId: this.getNodeParameter('recordId', itemIndex) as string };
	},
});
