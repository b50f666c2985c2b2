import { GET_ASSESSMENT_RESULT } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: GET_ASSESSMENT_RESULT,
	operationName: 'getAssessmentResultQuery',
	rootField: 'assessmentResult',
	description: [
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			required: true,
			displayOptions: { show: { resource: ['partner'], operation: ['getAssessmentResult'] } },
			default: '',
			description: 'Whose result to get; no output when the organization has none for this email',
		},
	],
	variables(itemIndex) {
		return { email: this.getNodeParameter('email', itemIndex) as string };
	},
});
