// The audit module's public surface: the hash-chain check the operator's tool (npm run audit:verify) runs.
export { verifyAuditChains, type ChainBreak, type ChainReport } from './audit-chain';
