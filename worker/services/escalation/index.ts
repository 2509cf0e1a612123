/** The escalation service's face for the web app: the strategy catalogue and the user's default strategy. */
export { DEFAULT_STRATEGY_KEY, STRATEGIES, type StepChannel, type StrategyKey } from "./catalogue";
export { setDefaultStrategy, type DefaultStrategyResult } from "./strategy";
