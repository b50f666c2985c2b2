import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../../helpers/operationSelector';
import type { OperationModule } from '../../helpers/types';
import * as getQuestions from './getQuestions.operation';
import * as getResult from './getResult.operation';
import * as submit from './submit.operation';

export const operations: Record<string, OperationModule> = { getQuestions, submit, getResult };

export const description: INodeProperties[] = [
	operationSelector({ resource: ['assessment'], authentication: ['developerKey'] }, 'submit', [
		{ name: 'Get Questions', value: 'getQuestions', description: 'Get the current instrument: scale and every question', action: 'Get the assessment questions' },
		{ name: 'Get Result', value: 'getResult', description: "Get a person's stored scored result by email or result ID", action: 'Get an assessment result' },
		{ name: 'Submit', value: 'submit', description: 'Submit answers and get the scores back at once', action: 'Submit an assessment' },
	]),
	operationSelector({ resource: ['assessment'], authentication: ['oAuth2'] }, 'getResult', [
		{ name: 'Get Result', value: 'getResult', description: "Get a person's scored result by email, as the signed-in user", action: 'Get an assessment result by email' },
	]),
	...getQuestions.description,
	...submit.description,
	...getResult.description,
];
