import { readFileSync } from 'node:fs'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

/** One request and its answer, as seen on the wire. */
export interface Exchange {
  method: string
  url: string
  requestHeaders: Headers
  /** The request body's text, or undefined when none was sent. */
  requestBody: string | undefined
  status: number
  responseHeaders: Headers
  /** The answer's text (empty for none). */
  responseBody: string
}

type Json = Record<string, unknown>

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

/**
 * An OpenAPI 3.1 document of docs/public/openapi/, loaded to check real traffic against it: which
 * operation a request is, whether it carries what the operation requires, whether the answer's
 * status is listed and its body fits the schema. Schemas are checked by Ajv (JSON Schema 2020-12,
 * which OpenAPI 3.1's schemas are); each check returns the problems found, empty when it fits.
 */
export function loadContract(file: string, basePath = '') {
  const doc = parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as Json
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(doc, 'doc')
  const compiled = new Map<string, ValidateFunction>()
  /** Validates `value` against the schema at `pointer` (a JSON pointer into the document). */
  const check = (pointer: string, value: unknown, what: string): string[] => {
    let validate = compiled.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `doc#${pointer}` })
      compiled.set(pointer, validate)
    }
    if (validate(value)) return []
    return (validate.errors ?? []).map(
      (error) => `${what}${error.instancePath} ${error.message ?? 'is wrong'}`,
    )
  }
  const resolve = (node: unknown): Json => {
    let current = node as Json
    while (typeof current.$ref === 'string') current = at(doc, current.$ref.slice(1)) as Json
    return current
  }
  const paths = doc.paths as Record<string, Json>
  const templates = Object.keys(paths).map((template) => ({
    template,
    pattern: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`,
    ),
    names: [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string),
  }))

  /** The operation a request is, with its pointer in the document and its path parameters. */
  const operationOf = (method: string, url: string) => {
    const pathname = new URL(url).pathname
    if (!pathname.startsWith(basePath)) return undefined
    const path = pathname.slice(basePath.length) || '/'
    for (const { template, pattern, names } of templates) {
      const match = pattern.exec(path)
      if (!match) continue
      const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()
      const operation = paths[template]?.[verb] as Json | undefined
      if (!operation) return undefined
      const params = Object.fromEntries(
        names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
      )
      return {
        operation,
        id: operation.operationId as string,
        pointer: `/paths/${escape(template)}/${verb}`,
        params,
      }
    }
    return undefined
  }

  /** What is wrong with a request, for the operation it is. */
  const checkRequest = (exchange: Exchange): string[] => {
    const found = operationOf(exchange.method, exchange.url)
    if (!found) return [`${exchange.method} ${new URL(exchange.url).pathname} is no operation`]
    const { operation, pointer, params } = found
    const problems: string[] = []
    const security = (operation.security ?? doc.security ?? []) as Json[]
    const schemes = (doc.components as Json | undefined)?.securitySchemes as Json | undefined
    for (const requirement of security) {
      for (const name of Object.keys(requirement)) {
        const scheme = schemes?.[name] as Json
        if (scheme.in === 'header' && !exchange.requestHeaders.has(scheme.name as string))
          problems.push(`the ${scheme.name as string} header is missing`)
      }
    }
    const query = new URL(exchange.url).searchParams
    const parameters = (operation.parameters ?? []) as Json[]
    parameters.forEach((raw, index) => {
      const parameter = resolve(raw)
      const name = parameter.name as string
      const value =
        parameter.in === 'path'
          ? params[name]
          : parameter.in === 'query'
            ? (query.get(name) ?? undefined)
            : parameter.in === 'header'
              ? (exchange.requestHeaders.get(name) ?? undefined)
              : undefined
      if (value === undefined) {
        if (parameter.required === true) problems.push(`the ${name} parameter is missing`)
        return
      }
      const schemaPointer =
        typeof (raw as Json).$ref === 'string'
          ? `${((raw as Json).$ref as string).slice(1)}/schema`
          : `${pointer}/parameters/${index}/schema`
      problems.push(...check(schemaPointer, value, `parameter ${name}`))
    })
    const body = operation.requestBody ? resolve(operation.requestBody) : undefined
    const sent = exchange.requestBody !== undefined && exchange.requestBody !== ''
    if (!body) {
      if (sent) problems.push('a body was sent to an operation that takes none')
      return problems
    }
    if (!sent) {
      if (body.required === true) problems.push('the request body is missing')
      return problems
    }
    const type = mediaType(exchange.requestHeaders)
    const content = body.content as Json
    if (!(type in content)) return [...problems, `the request body's type ${type} is not listed`]
    if (type === 'application/json') {
      problems.push(
        ...check(
          `${pointer}/requestBody/content/application~1json/schema`,
          JSON.parse(exchange.requestBody as string),
          'request body',
        ),
      )
    }
    return problems
  }

  /** What is wrong with an answer, for the operation its request is. */
  const checkResponse = (exchange: Exchange): string[] => {
    const found = operationOf(exchange.method, exchange.url)
    if (!found) return [`${exchange.method} ${new URL(exchange.url).pathname} is no operation`]
    const responses = found.operation.responses as Json
    const key = statusKey(responses, exchange.status)
    if (!key) return [`${found.id}: HTTP ${exchange.status} is not listed`]
    const response = resolve(responses[key])
    const content = response.content as Json | undefined
    if (!content)
      return exchange.responseBody === '' ? [] : [`${found.id}: a body that is not listed`]
    const type = mediaType(exchange.responseHeaders)
    if (!(type in content)) return [`${found.id} ${exchange.status}: ${type} is not listed`]
    if (type !== 'application/json') return []
    const schemaPointer = responsePointer(found.pointer, key, responses[key] as Json, type)
    let body: unknown
    try {
      body = JSON.parse(exchange.responseBody)
    } catch {
      return [`${found.id} ${exchange.status}: the body is not JSON`]
    }
    return check(schemaPointer, body, `${found.id} ${exchange.status} body`)
  }

  /** The operation id and listed status of an exchange, such as `getReport 202` (`refresh 4XX`). */
  const seen = (exchange: Exchange): string | undefined => {
    const found = operationOf(exchange.method, exchange.url)
    const key = found && statusKey(found.operation.responses as Json, exchange.status)
    return found && key ? `${found.id} ${key}` : undefined
  }

  /** Every `operationId status` the document lists. */
  const listed = (): string[] =>
    Object.values(paths).flatMap((item) =>
      METHODS.flatMap((method) => {
        const operation = item[method] as Json | undefined
        if (!operation) return []
        return Object.keys(operation.responses as Json).map(
          (status) => `${operation.operationId as string} ${status}`,
        )
      }),
    )

  return { doc, check, checkRequest, checkResponse, seen, listed, operationOf }
}

/** Records every exchange through a fetch, reading copies of both bodies (the caller gets its own). */
export function observed(
  send: (request: Request) => Promise<Response>,
  exchanges: Exchange[],
): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestBody = request.body ? await request.clone().text() : undefined
    const response = await send(request)
    const streaming = response.headers.get('content-type')?.startsWith('text/event-stream')
    exchanges.push({
      method: request.method,
      url: request.url,
      requestHeaders: new Headers(request.headers),
      requestBody,
      status: response.status,
      responseHeaders: new Headers(response.headers),
      // A live stream never ends: its body is read by the test, not here.
      responseBody: streaming ? '' : await response.clone().text(),
    })
    return response
  }
}

function statusKey(responses: Json, status: number): string | undefined {
  if (String(status) in responses) return String(status)
  const range = `${String(status)[0]}XX`
  if (range in responses) return range
  return 'default' in responses ? 'default' : undefined
}

function responsePointer(operation: string, key: string, response: Json, type: string): string {
  const media = escape(type)
  if (typeof response.$ref === 'string') return `${response.$ref.slice(1)}/content/${media}/schema`
  return `${operation}/responses/${escape(key)}/content/${media}/schema`
}

function mediaType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
}

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

function at(doc: Json, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, part) => (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')],
      doc,
    )
}
