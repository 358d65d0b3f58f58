export { createRedisWebhookStore } from './webhook-store.js'
export type { RedisWebhookStore, RedisWebhookStoreOptions } from './webhook-store.js'
export { RedisStoreError } from './errors.js'
export type { RedisConnection, RedisScriptClient } from './connection.js'
