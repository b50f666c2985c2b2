import { GET_CURRENT_USER } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: GET_CURRENT_USER,
	operationName: 'getUserDataQuery',
	rootField: 'me',
});
