import { currentRequestContext } from "~runtime/request-id.mjs";

/**
 * `load` run once per incoming request, its promise shared by whoever asks again: the root loader,
 * the page's loader and the render. Remix hands each loader a copy of the Request, so the answer
 * is kept on the request's context (the edge's, runtime/request-id.mjs), and by method: the loaders
 * that run after an action in the same request get a GET and read afresh what the action (a POST)
 * may have changed. Outside the edge (tests calling a loader), on the Request itself.
 */
export function oncePerRequest<T>(load: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  const results = new WeakMap<object, Map<string, Promise<T>>>();
  return (request) => {
    const owner: object = currentRequestContext() ?? request;
    let byMethod = results.get(owner);
    if (!byMethod) {
      byMethod = new Map();
      results.set(owner, byMethod);
    }
    let result = byMethod.get(request.method);
    if (!result) {
      result = load(request);
      byMethod.set(request.method, result);
    }
    return result;
  };
}
