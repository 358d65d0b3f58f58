// Runs one scenario of scenario.ts in this fresh process (`node --import tsx program.ts <mount>
// <order>`) and prints its outcome as one JSON line: nothing loaded before can hide the fault.
import { streamBesideHono, type Mount, type Order } from './scenario.js'

const [mount, order] = process.argv.slice(2) as [Mount, Order]
const outcome = await streamBesideHono(mount, order)
process.stdout.write(`${JSON.stringify(outcome)}\n`)
