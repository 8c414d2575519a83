// Whether a request wants JSON rather than a page: every address under the API area, or an Accept
// header that asks for JSON and not HTML (an island's fetch). Errors and refusals answer accordingly.
import { areaOf, isInArea } from './links';

export function wantsJson(accept: string | undefined, path: string): boolean {
  return (
    isInArea(path, areaOf('accountMenu')) ||
    (!!accept && accept.includes('application/json') && !accept.includes('text/html'))
  );
}
