// The ```ts serve="METHOD /path [NAME:VALUE]... STATUS [TEXT]" blocks for
// scripts/run-docs-examples.mjs: one standalone sandbox (the packed package's `ibv-sandbox` CLI on
// a free port, with `--webhook-header x-webhook-secret=$IBV_WEBHOOK_SECRET`, a secret made per run) and, when
// a block uses ibv-kit/server/redis, a private redis-server; then each block, pasted with the
// named blocks of its page under docs-run/, run once by serve-driver.mjs, which sends it its
// requests in order. Its environment is minimal (baseEnv: PATH, HOME) plus IBV_API_KEY,
// IBV_SERVICE_URL, IBV_WEBHOOK_SECRET and IBV_INVITE_SECRET (random, per run), PORT (and
// REDIS_URL); no NODE_ENV. Each answer must have its STATUS, and TEXT in
// its body when given.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freePort } from '../free-port.mjs'
import { redisServerPath } from '../redis.mjs'
import { slug, writeWithNeighbours } from './paste-blocks.mjs'
import { baseEnv, runToEnd, start } from './processes.mjs'
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
  // Secrets as a lender makes them (`openssl rand -base64 32`), new each run and given through the
  // environment, as the guides say: the docs print none that the code would accept.
  const secrets = {
    IBV_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    IBV_INVITE_SECRET: randomBytes(32).toString('base64'),
  }
  await step(
    `standalone sandbox (ibv-sandbox --port ${sandboxPort} --webhook-header x-webhook-secret=$IBV_WEBHOOK_SECRET)`,
    () =>
      start(
        'ibv-sandbox',
        process.execPath,
        [
          cli,
          '--port',
          String(sandboxPort),
          '--webhook-header',
          `x-webhook-secret=${secrets.IBV_WEBHOOK_SECRET}`,
        ],
        {
          cwd: appDir,
          env: baseEnv(),
          ready: (output) => output.includes('listening'),
        },
      ).then(() => ''),
  )
  /** @type {Record<string, string>} */
  const redisEnv = {}
  if (needsRedis) {
    const redisPort = await freePort()
    await step(
      `redis-server on 127.0.0.1:${redisPort} (for the blocks using ibv-kit/server/redis)`,
      () =>
        start(
          'redis-server',
          redisServerPath(),
          ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          {
            cwd: appDir,
            env: baseEnv(),
            ready: (output) => output.includes('Ready to accept connections'),
          },
        ).then(() => ''),
    )
    redisEnv.REDIS_URL = `redis://127.0.0.1:${redisPort}`
  }
  const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href
  for (const block of serves) {
    const label = block.serves
      .map(
        (serve) =>
          `${serve.method} ${serve.path}${Object.keys(serve.headers).length ? ` (${Object.keys(serve.headers).join(', ')})` : ''} ${serve.status}${serve.text ? ` "${serve.text}"` : ''}`,
      )
      .join(', ')
    await step(`${block.id}: ${label}`, async () => {
      const dir = join(appDir, 'docs-run', slug(block))
      const file = writeWithNeighbours(blocks, block, dir, 'server.ts')
      const env = baseEnv({
        ...redisEnv,
        ...secrets,
        PORT: String(await freePort()),
        IBV_API_KEY: 'sandbox-api-key',
        IBV_SERVICE_URL: serviceUrl,
      })
      // A header value `$IBV_WEBHOOK_SECRET` (or another secret's name) is this run's secret.
      /** @param {Record<string, string>} headers */
      const withSecrets = (headers) =>
        Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [
            name,
            value.replace(
              /^\$(IBV_[A-Z_]+)$/,
              (/** @type {string} */ whole, /** @type {string} */ key) =>
                /** @type {Record<string, string>} */ (secrets)[key] ?? whole,
            ),
          ]),
        )
      const requests = block.serves.map(({ method, path, headers }) => ({
        method,
        path,
        headers: withSecrets(headers),
      }))
      const text = await runToEnd(
        process.execPath,
        ['--import', tsx, DRIVER, file, JSON.stringify(requests)],
        { cwd: dir, env },
      )
      const answers = [...text.matchAll(/^@@answer (.*)$/gm)].map(
        (match) =>
          /** @type {{ how: string, status: number, body: string }} */ (
            JSON.parse(match[1] ?? '{}')
          ),
      )
      /** @type {string[]} */
      const hows = []
      block.serves.forEach((serve, index) => {
        const result = answers[index]
        const request = `${serve.method} ${serve.path}${Object.keys(serve.headers).length ? ` with ${Object.keys(serve.headers).join(', ')}` : ''}`
        if (!result)
          fail(
            `${block.id}: the server block did not answer ${request}:\n${text
              .trim()
              .split('\n')
              .filter((line) => !/^\s+at /.test(line) && !line.startsWith('@@answer'))
              .slice(-12)
              .join('\n')}${hintFor(text.match(/ReferenceError: (.*)/)?.[1] ?? '', [block])}`,
          )
        if (result.status !== serve.status)
          fail(
            `${block.id}: ${request} answered ${result.status}, not ${serve.status} (through ${result.how}): ${result.body.slice(0, 300)}`,
          )
        if (serve.text && !result.body.includes(serve.text))
          fail(
            `${block.id}: the answer to ${request} has no "${serve.text}": ${result.body.slice(0, 300)}`,
          )
        hows.push(result.how)
      })
      return `through ${[...new Set(hows)].join(', ')}`
    })
  }
}
