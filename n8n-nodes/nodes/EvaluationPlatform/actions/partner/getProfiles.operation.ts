import { LIST_PROFILES } from './documents';
import { graphqlOperation } from './graphqlOperation';

export const { description, execute } = graphqlOperation({
	query: LIST_PROFILES,
	operationName: 'listProfilesQuery',
	rootField: 'profiles',
});
