import { rolldown } from 'rolldown'
import { fileURLToPath } from 'node:url'
const dist = '/work/main/dist/'
const code = process.argv[2]
const build = await rolldown({ input: 'entry', external: (id) => /^(react|react-dom|@tanstack\/react-query)(\/|$)/.test(id), onLog(){},
 plugins: [{ name: 'e', resolveId(id){ if (id==='entry') return id; if(id==='ibv-kit') return dist+'index.js'; if(id==='ibv-kit/elements') return dist+'elements/index.js'; return null }, load(id){ return id==='entry'?code:null } }] })
const { output } = await build.generate({ format: 'es', minify: true, comments: false })
console.log(output[0].code)
