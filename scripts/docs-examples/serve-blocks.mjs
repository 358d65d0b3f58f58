// The ```ts serve="METHOD /path STATUS [TEXT]" blocks for scripts/run-docs-examples.mjs: one
// standalone sandbox (the packed package's `ibv-sandbox` CLI on a free port) and, when a block
// uses ibv-kit/server/redis, a private redis-server; then each block, pasted with the named blocks
// of its page under docs-run/, run by serve-driver.mjs with env IBV_API_KEY, IBV_SERVICE_URL,
// PORT (and REDIS_URL); its answer must have STATUS, and TEXT in its body when given.
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freePort } from '../free-port.mjs'
import { redisServerPath } from '../redis.mjs'
import { slug, writeWithNeighbours } from './paste-blocks.mjs'
import { runToEnd, start } from './processes.mjs'
import { fail, hintFor, step } from './report.mjs'

/** @typedef {import('../docs-blocks.mjs').DocBlock} DocBlock */

const DRIVER = fileURLToPath(new URL('serve-driver.mjs', import.meta.url))

/**
 * @param {{ root: string, appDir: string, blocks: DocBlock[], serves: DocBlock[], needsRedis: boolean }} options
 *   `root`: the repository (for tsx), `appDir`: the quick start app (ibv-kit installed), `blocks`: every block
 */
export async function serveBlocks({ root, appDir, blocks, serves, needsRedis }) {
  const sandboxPort = await freePort()
  const serviceUrl = `http://127.0.0.1:${sandboxPort}`
  const cli = join(appDir, 'node_modules', 'ibv-kit', 'dist', 'sandbox', 'cli.js')
  await step(`standalone sandbox (ibv-sandbox --port ${sandboxPort})`, () =>
    start('ibv-sandbox', process.execPath, [cli, '--port', String(sandboxPort)], { cwd: appDir, ready: (output) => output.includes('listening') }).then(() => ''),
  )
  /** @type {Record<string, string>} */
  const redisEnv = {}
  if (needsRedis) {
    const redisPort = await freePort()
    await step(`redis-server on 127.0.0.1:${redisPort} (for the blocks using ibv-kit/server/redis)`, () =>
      start('redis-server', redisServerPath(), ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        cwd: appDir,
        ready: (output) => output.includes('Ready to accept connections'),
      }).then(() => ''),
    )
    redisEnv.REDIS_URL = `redis://127.0.0.1:${redisPort}`
  }
  const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href
  for (const block of serves) {
    const serve = block.serve ?? fail('unreachable')
    await step(`${block.id}: ${serve.method} ${serve.path} answers ${serve.status}${serve.text ? ` with "${serve.text}"` : ''}`, async () => {
      const dir = join(appDir, 'docs-run', slug(block))
      const file = writeWithNeighbours(blocks, block, dir, 'server.ts')
      const env = { ...redisEnv, PORT: String(await freePort()), IBV_API_KEY: 'sandbox-api-key', IBV_SERVICE_URL: serviceUrl, NODE_ENV: 'development' }
      const text = await runToEnd(process.execPath, ['--import', tsx, DRIVER, file, serve.method, serve.path], { cwd: dir, env })
      const found = /^@@answer (.*)$/m.exec(text)
      if (!found) fail(`${block.id}: the server block did not answer ${serve.method} ${serve.path}:\n${text.trim().split('\n').filter((line) => !/^\s+at /.test(line)).slice(-12).join('\n')}${hintFor(text.match(/ReferenceError: (.*)/)?.[1] ?? '', [block])}`)
      /** @type {{ how: string, status: number, body: string }} */
      const result = JSON.parse(found?.[1] ?? '{}')
      if (result.status !== serve.status) fail(`${block.id}: ${serve.method} ${serve.path} answered ${result.status}, not ${serve.status} (through ${result.how}): ${result.body.slice(0, 300)}`)
      if (serve.text && !result.body.includes(serve.text)) fail(`${block.id}: the answer to ${serve.method} ${serve.path} has no "${serve.text}": ${result.body.slice(0, 300)}`)
      return `through ${result.how}`
    })
  }
}
