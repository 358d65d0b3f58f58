// English, the components' built-in language, as a pack: the one to copy when starting a
// translation (every key, both voices, every placeholder).
import { en } from '../core/english.js'

export { en }
export default en
