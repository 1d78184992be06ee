/**
 * Upstox's Algo Name rule (2026) as its fake applies it to an order request (place, modify,
 * cancel): an Algo app may map Algo Names to exchange-approved Algo IDs in My Apps, and "when
 * placing orders through your Algo App, you must pass the configured Algo Name in the X-Algo-Name
 * request header" (https://upstox.com/developer/api-documentation/appendix/my-apps-support-for-algo-trading-circular,
 * https://upstox.com/developer/api-documentation/announcements/algo-trading-circular). An app with
 * names configured has every order request carry one of them (a missing or other name refused);
 * what Upstox answers a name sent to an app with none is not published, so such an app takes any.
 * upstox-js-sdk 2.31.0 sends the header on place, modify and cancel alike.
 */
import type http from 'node:http';

export interface AlgoNames {
  /** The Algo Names configured on the app (none: an app of an algo under the exchange's threshold, no Algo ID). */
  register(names: readonly string[]): void;
  /** Why the request is refused (Upstox's words are not published: these name the header), or null. */
  refusal(headers: http.IncomingHttpHeaders): string | null;
}

export function algoNames(): AlgoNames {
  let configured = new Set<string>();
  return {
    register: (names) => void (configured = new Set(names)),
    refusal(headers) {
      const sent = headers['x-algo-name'];
      const name = Array.isArray(sent) ? sent[0] : sent;
      if (!configured.size) return null;
      if (name === undefined || name === '')
        return 'X-Algo-Name is required: send the Algo Name configured on your Algo app';
      return configured.has(name) ? null : `X-Algo-Name ${name} is not an Algo Name configured on your Algo app`;
    },
  };
}
