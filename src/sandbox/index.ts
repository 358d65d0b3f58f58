// `ibv-kit/sandbox`: the simulated service arrives with the sandbox issue. Until then the entry
// exists so that the package's export map builds and resolves.
export {}
