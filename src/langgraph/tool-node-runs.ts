// `ToolNode.run(input, config)` hands every `runTool(call, config, state)` of that run the very
// config object it was given (prebuilt/tool_node.ts: `this.runTool(call, config, input)`), and no
// other: so a value keyed by that object reaches each call of the run, and only those.
// tests/langgraph/tool-node.test.ts fails if a release copies or rebuilds the config in between.

/**
 * A value per `ToolNode.run`, found again in every `runTool` of that run (a `ToolNode` subclass
 * decides a whole batch in `run`, then answers each call from it in `runTool`).
 *
 * @example
 * ```ts
 * protected override run(input, config) { return super.run(input, this.#runs.bind(config, decide(input))); }
 * protected override runTool(call, config, state) { const batch = this.#runs.of(config); ... }
 * ```
 */
export class ToolNodeRuns<T> {
  readonly #values = new WeakMap<object, T>();

  /**
   * A copy of `config` to hand `super.run`, carrying `value` to each `runTool` of that run; with
   * `signal`, the copy carries it in place of the config's own (one copy, not two, per run).
   */
  bind<C extends object>(config: C, value: T, signal?: AbortSignal): C {
    const own: C = signal === undefined ? { ...config } : { ...config, signal };
    this.#values.set(own, value);
    return own;
  }

  /** The value of the run a `runTool` call belongs to; `undefined` when it was not reached through {@link bind}. */
  of(config: object): T | undefined {
    return this.#values.get(config);
  }
}
