/**
 * `fetch` for Node that reaches brand hosts such as `albelli-nl.localhost`: browsers (and
 * Electron's `net.fetch`) resolve every `*.localhost` name to loopback, Node's resolver does not.
 * The request goes to 127.0.0.1 on the same port instead; the reference server answers every
 * host alike for the paths the desktop app calls from main.
 */
export const loopbackFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (!url.hostname.endsWith('.localhost')) return fetch(input, init);
  url.hostname = '127.0.0.1';
  return input instanceof Request ? fetch(new Request(url, input), init) : fetch(url, init);
};
