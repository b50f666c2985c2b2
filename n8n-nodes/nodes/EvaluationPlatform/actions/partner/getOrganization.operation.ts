import { GET_ORGANIZATION } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: GET_ORGANIZATION,
	operationName: 'getOrganizationQuery',
	rootField: 'organization',
});
