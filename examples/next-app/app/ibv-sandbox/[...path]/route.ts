// The sandbox, served from the app's own origin under /ibv-sandbox (createSandbox's basePath):
// the report iframe, the connect widget and the sandbox's control routes. Only in this example:
// a real app points the browser at the service's URL instead.
import { sandbox } from '@/lib/ibv'

export const runtime = 'nodejs'

const handle = (request: Request) => sandbox.fetch(request)
export { handle as GET, handle as POST, handle as PUT, handle as DELETE }
