// Where the stories' service and backend are: under the folder Storybook is served from, since the
// sandbox and the backend run in the page (.storybook/sandbox.ts) and its service worker answers
// for that folder. Storybook's Vite base is './': the root under `npm run storybook`, wherever
// `npm run build-storybook`'s output is put; the test runner's is '/'.
const base = new URL(import.meta.env.BASE_URL, window.location.href)

/** The folder, with its trailing slash: http://127.0.0.1:6006/ */
export const STORY_BASE = base.href

/** The sandbox's address, `<IbvProvider serviceUrl>`: http://127.0.0.1:6006/ibv-sandbox */
export const SERVICE_URL = new URL('ibv-sandbox', base).href

/** Where the backend's routes are, `createBackendFetchers(API)`: /api/ibv */
export const API = new URL('api/ibv', base).pathname
