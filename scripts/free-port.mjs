// Free TCP ports on 127.0.0.1, for the scripts that start servers on a port they choose.
import { createServer } from 'node:net'

/**
 * @param {number} count
 * @returns {Promise<number[]>} `count` distinct ports nothing listens on right now
 */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => {
      /** @type {Promise<import('node:net').Server>} */
      const listening = new Promise((resolve, reject) => {
        const server = createServer()
        server.once('error', reject)
        server.listen(0, '127.0.0.1', () => resolve(server))
      })
      return listening
    }),
  )
  const ports = servers.map((server) => {
    const address = server.address()
    return typeof address === 'object' && address ? address.port : 0
  })
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

/** @returns {Promise<number>} a port nothing listens on right now */
export async function freePort() {
  const [port = 0] = await freePorts(1)
  return port
}
