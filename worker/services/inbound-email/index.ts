export { handleInboundEmail, type InboundOutcome } from "./handle";
export { checkSender } from "./sender-check";
export { INBOUND_MAX_BYTES, INBOUND_TEXTS } from "./texts";
export { composeDevMessage, type DevMessage } from "./dev-message";
