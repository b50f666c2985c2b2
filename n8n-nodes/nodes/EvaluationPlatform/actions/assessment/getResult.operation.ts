import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { usesOAuth2 } from '../../helpers/authentication';
import { toItems } from '../../helpers/common';
import { graphqlItems } from '../../helpers/graphql';
import { outputProperties, shapeOutput } from '../../helpers/output';
import { restJson } from '../../helpers/rest';
import { simplifyResult } from '../../helpers/simplify';
import { GET_ASSESSMENT_RESULT } from '../../transport/documents';

const show = { resource: ['assessment'], operation: ['getResult'], authentication: ['developerKey'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Find By',
		name: 'findBy',
		type: 'options',
		displayOptions: { show },
		options: [
			{ name: 'Email', value: 'email' },
			{ name: 'Result ID', value: 'resultId' },
		],
		default: 'email',
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		displayOptions: { show: { ...show, findBy: ['email'] } },
		default: '',
	},
	{
		displayName: 'Result ID',
		name: 'resultId',
		type: 'string',
		required: true,
		displayOptions: { show: { ...show, findBy: ['resultId'] } },
		default: '',
		description: 'The responseId a submit returned',
	},
	...outputProperties(show),
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		required: true,
		displayOptions: { show: { ...show, authentication: ['oAuth2'] } },
		default: '',
		description: 'Whose result to get; no output when the organization has none for this email',
	},
];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	if (usesOAuth2(this, itemIndex)) {
		const email = this.getNodeParameter('email', itemIndex) as string;
		return await graphqlItems(this, itemIndex, { query: GET_ASSESSMENT_RESULT, operationName: 'getAssessmentResultQuery' }, 'assessmentResult', { email });
	}
	const qs: IDataObject =
		this.getNodeParameter('findBy', itemIndex) === 'email'
			? { email: this.getNodeParameter('email', itemIndex) as string }
			: { result_id: this.getNodeParameter('resultId', itemIndex) as string };
	const response = await restJson(this, itemIndex, 'assessment', { method: 'GET', path: '/api/v1/assessment/results', qs, idempotent: true });
	const result = (response.result as IDataObject | undefined) ?? response;
	return toItems(shapeOutput(this, itemIndex, result, simplifyResult), itemIndex);
}
