import type { Mutant } from '../mutants/mutant.js';
import { assessmentMutants } from './assessment.mutants.js';
import { automationMutants } from './automation.mutants.js';
import { generalMutants } from './general.mutants.js';
import { graphqlMutants } from './graphql.mutants.js';
import { oauthMutants } from './oauth.mutants.js';
import { scoringMutants } from './scoring.mutants.js';
import { separationMutants } from './separation.mutants.js';
import { webhookMutants } from './webhooks.mutants.js';

/** Every mutant, each beside the checks it targets, in the order of the checks. */
export const ALL_MUTANTS: readonly Mutant[] = [...generalMutants, ...separationMutants, ...assessmentMutants, ...scoringMutants, ...automationMutants, ...webhookMutants, ...oauthMutants, ...graphqlMutants];
