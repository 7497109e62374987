import type { RemoteHook, RemoteTransportOptions } from "../../../src/remote/index.js";
import { startPolicyServer, type PolicyServer } from "./http-policy-server.js";
import { policyChild } from "./stdio-child.js";

/** What `usePolicyBackends()` gives a test file: both transports, and a place to leave hooks to close. */
export interface PolicyBackends {
  /** `[name, transport]` for `test.each`: the HTTP policy server and a stdio child running the same rules. */
  readonly transports: ReadonlyArray<[string, () => RemoteTransportOptions]>;
  /** The HTTP policy server's URL (valid inside tests). */
  url(): string;
  /** Registers `hook` to be closed after the test that made it; returns it. */
  track<H extends RemoteHook>(hook: H): H;
}

/**
 * Starts the HTTP policy server for the file (`beforeAll`), closes every tracked hook after each
 * test and the server after the file — the setup every remote-policy test file shares.
 *
 * @example
 * ```ts
 * const backends = usePolicyBackends();
 * test.each(backends.transports)("over %s: …", async (_name, transport) => {
 *   const hook = backends.track(remoteHook({ transport: transport(), timeoutMs: 5_000 }));
 * });
 * ```
 */
export function usePolicyBackends(): PolicyBackends {
  let server: PolicyServer | undefined;
  const hooks: RemoteHook[] = [];
  beforeAll(async () => {
    server = await startPolicyServer();
  });
  afterEach(async () => {
    await Promise.all(hooks.splice(0).map((hook) => hook.close()));
  });
  afterAll(async () => {
    await server?.close();
  });
  const url = (): string => {
    if (server === undefined) throw new Error("the policy server starts in beforeAll; read its url inside a test");
    return server.url;
  };
  return {
    transports: [
      ["HTTP", () => ({ type: "http", url: url() })],
      ["stdio", () => policyChild()],
    ],
    url,
    track: (hook) => {
      hooks.push(hook);
      return hook;
    },
  };
}
