/**
 * The HTTP toolkit shared by /v1 (worker/api), the channels' webhooks and the Remix pages: one
 * JSON body reader, one origin (CSRF) check, one request metadata reader, one reader of an address
 * typed into a query. The Hono middleware
 * built on them is in ./hono (adapters only). The logger is `worker/services/log`, below the
 * services that log too.
 */
export { BAD_JSON_MESSAGE, BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE, isJsonContentType, NOT_JSON_MESSAGE, readCappedBytes, readJsonBody, type JsonBodyOptions } from "./json-body";
export { CROSS_SITE_BLOCKED, isSafeMethod, isSameOrigin } from "./origin";
export { newRequestId, requestMeta, type HttpRequestMeta } from "./request-meta";
export { addressFromQuery } from "./query-address";
