// @bramus/specificity ships types its package.json "exports" does not point to; what the
// stylesheet check uses of it.
declare module '@bramus/specificity' {
  interface Specificity {
    value: { a: number; b: number; c: number }
  }
  const Specificity: { calculate(selector: string): Specificity[] }
  export default Specificity
}
