/**
 * The escalation service's face: what app/, worker/api and worker/jobs import. The engine's steps
 * (claim, read, plan, run, record) are described in docs/escalation.md; the files behind this face
 * may move without their callers noticing.
 */
export { DEFAULT_STRATEGY_KEY, getStrategy, isStrategyKey, listSequences, resolveStrategyKey, STRATEGIES, STEP_CHANNELS, type EscalationStepSpec, type EscalationStrategy, type StepChannel, type StrategyKey } from "./catalogue";
export { AUDIT_BATCH, auditEscalations, auditForTick, type AuditCursor, type AuditResult } from "./audit";
export { claimSteps, countInFlight, type WonStep, type ClaimKind } from "./claim";
export { takeTurnsByOwner } from "./turns";
export { buryExhaustedSteps, markStepDead } from "./dead-letter";
export { deliverSteps, SEND_CHUNK, type BatchResult } from "./deliver-batch";
export { LEASE_MS, MAX_STEP_ATTEMPTS, RETRY_LEASE_MS, SENDING_LEASE_MS } from "./leases";
export { StepDeliveryError, type StepOutcome } from "./outcomes";
export { escalationStats, type EscalationStats } from "./stats";
export { setDefaultStrategy, type DefaultStrategyResult } from "./strategy";
export { previewReach, reachOf, readReachExtras, type ReachExtras, type ReachPreview } from "./reach-preview";
export { mediaStatus } from "./deliver";
export { titleInSmsReminder } from "./messages";
export type { MediaStatus, Reachability } from "./recipients";
export { listWaitingChains, makeNextStepDueNow, type WaitingChain } from "./dev-advance";
