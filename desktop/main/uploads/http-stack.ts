/**
 * tus's HTTP stack in main: Node's own (it streams request bodies and reports bytes as they
 * leave), with `*.localhost` names resolved to loopback as Chromium does (RFC 6761), so uploads
 * reach a brand host such as `albelli-nl.localhost` with its Host header intact.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { DefaultHttpStack } from 'tus-js-client';
import type { HttpStack } from 'tus-js-client';

export const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  dnsLookup(hostname, options, callback);
};

export function createUploadHttpStack(): HttpStack {
  return new DefaultHttpStack({ lookup: loopbackLookup });
}
