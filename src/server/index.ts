// `ibv-kit/server`: the service client and the backend handler arrive with the server issue.
// Until then the entry exists so that the package's export map builds and resolves.
export {}
