// The relay's Redis side: its Lua scripts, and how its stream entries and XREAD replies are read.
import type { RelayedEvent } from '../relay.js'

// The id and the stream entry in one step, so the stream's order is the ids' order on every instance.
// A missing counter (a new Redis, or one that restarted empty) starts from Redis's clock in
// microseconds, so ids keep growing past any a browser still holds and its resume misses nothing.
// With a delivery key (KEYS[3]), an event already published for it answers its id and adds
// nothing: a publish retried after its answer was lost (Redis went down just then) is not a second event.
export const PUBLISH = `if KEYS[3] then
  local seen = redis.call('GET', KEYS[3])
  if seen then return tonumber(seen) end
end
if redis.call('EXISTS', KEYS[1]) == 0 then
  local now = redis.call('TIME')
  redis.call('SET', KEYS[1], now[1] .. string.rep('0', 6 - #now[2]) .. now[2])
end
local id = redis.call('INCR', KEYS[1])
-- Not tostring: Lua 5.1 writes numbers with 14 digits, and these ids have 16.
local fields = { 'id', string.format('%d', id) }
for i = 3, #ARGV do fields[#fields + 1] = ARGV[i] end
-- The entry's id is the event's, so a resume reads only what follows it (XRANGE from there).
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[1], fields[2] .. '-0', unpack(fields))
if KEYS[3] then redis.call('SET', KEYS[3], fields[2], 'PX', ARGV[2]) end
return id`
// At most ARGV[2] entries after ARGV[1], and none once their event JSON (`data`) reaches ARGV[3] bytes (the one
// that reaches it included): a resume reads a bounded page, never the whole stream.
export const HISTORY = `local entries = redis.call('XRANGE', KEYS[1], '(' .. ARGV[1] .. '-0', '+', 'COUNT', ARGV[2])
local budget = tonumber(ARGV[3])
local used = 0
for i, entry in ipairs(entries) do
  for j = 1, #entry[2], 2 do
    if entry[2][j] == 'data' then used = used + #entry[2][j + 1] end
  end
  if used >= budget and i < #entries then
    local page = {}
    for k = 1, i do page[k] = entries[k] end
    return page
  end
end
return entries`
/** Entries one history read answers at most. */
export const HISTORY_PAGE = 100
export const PING = `return redis.call('PING')`
export const NEWEST = `local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
if #last == 0 then return '0-0' end
return last[1][1]`

/** A stream entry (`[entryId, [field, value, …]]`) as a relayed event, or undefined if it is not one. */
export function parseEntry(
  entry: unknown,
): { entryId: string; relayed?: RelayedEvent } | undefined {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1]))
    return undefined
  const flat = entry[1] as unknown[]
  const fields: Record<string, string> = {}
  for (let index = 0; index + 1 < flat.length; index += 2)
    fields[String(flat[index])] = String(flat[index + 1])
  const id = Number(fields.id)
  if (!Number.isSafeInteger(id) || id < 1 || fields.name === undefined || fields.data === undefined)
    return { entryId: entry[0] }
  const relayed: RelayedEvent = { id, name: fields.name as RelayedEvent['name'], data: fields.data }
  if (fields.productRequestId !== undefined) relayed.productRequestId = fields.productRequestId
  if (fields.consumerId !== undefined) relayed.consumerId = fields.consumerId
  return { entryId: entry[0], relayed }
}

/**
 * The entry lists of an XREAD reply: `[[key, entries], …]` in RESP2, a map of key to entries as
 * node-redis gives it (an object, or a `Map`); nothing for no reply (the BLOCK ran out).
 */
export function streamEntries(reply: unknown): unknown[][] {
  if (reply === null || typeof reply !== 'object') return []
  const streams = Array.isArray(reply)
    ? reply.map((stream: unknown) => (Array.isArray(stream) ? stream[1] : undefined))
    : reply instanceof Map
      ? [...(reply as Map<unknown, unknown>).values()]
      : Object.values(reply)
  return streams.filter((entries): entries is unknown[] => Array.isArray(entries))
}
