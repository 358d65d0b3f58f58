// The backend's routes (POST /api/ibv/tokens, GET /api/ibv/reports/:id, …) as one route handler.
import { backend } from '@/lib/ibv'

export const runtime = 'nodejs'

export const GET = (request: Request) => backend.fetch(request)
export const POST = (request: Request) => backend.fetch(request)
