import { GET_INTEGRATION_STATUS } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: GET_INTEGRATION_STATUS,
	operationName: 'getIntegrationStatusQuery',
	rootField: 'integrationStatus',
});
