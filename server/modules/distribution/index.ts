// The distribution module's public surface: THE eligibility rule, for the research steps that follow
// (catalogue, query builder, requests: issue 32 items 3 to 5).
export { countEligibleSamples, eligibleSampleCondition, eligibleSamples } from './eligibility.repository';
