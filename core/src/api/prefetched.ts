// Responses the web boot script requested before the app loaded (docs/architecture.md "Boot")
// reach the app through `platform.prefetched`; this is how a caller uses one.

/**
 * The early response when it arrived and is OK; otherwise (none, a network failure, an error
 * status such as a token that expired meanwhile) the request is made again as usual, so a
 * failed prefetch never becomes the app's answer.
 */
export async function prefetchedOr(
  early: Promise<Response> | undefined,
  fetchAgain: () => Promise<Response>,
): Promise<Response> {
  if (early) {
    try {
      const response = await early;
      if (response.ok) return response;
    } catch {
      // Asked again below.
    }
  }
  return fetchAgain();
}
