// The query builder's public surface (issue 32 item 5): a research request made from a saved query suggests the
// samples its criteria match.
export { matchingSampleIds, savedQueryNameOf, savedQueryRow } from './queries.repository';
