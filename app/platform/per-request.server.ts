/**
 * `load` run once per incoming Request, its promise shared by whoever asks again: the root
 * loader, the page's loader and the render all get the same Request (Remix passes it through
 * when it has nothing to strip; see docs/decisions/024-patching-the-framework-where-it-repeats-work.md).
 */
export function oncePerRequest<T>(load: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  const results = new WeakMap<Request, Promise<T>>();
  return (request) => {
    let result = results.get(request);
    if (!result) {
      result = load(request);
      results.set(request, result);
    }
    return result;
  };
}
