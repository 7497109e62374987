/** Builds one SQL statement with numbered parameters, so several data-modifying steps can share a round trip. */
export class Statement {
  readonly values: unknown[] = [];
  readonly #steps: string[] = [];

  /** Adds a value and returns its placeholder (`$n`). */
  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Adds a data-modifying step (an INSERT or DELETE). */
  step(sql: string): this {
    this.#steps.push(sql);
    return this;
  }

  /**
   * The steps as one statement: the last is the main statement, the others data-modifying CTEs.
   * One statement is atomic on its own, so no BEGIN/COMMIT round trips are needed.
   */
  get text(): string {
    const steps = this.#steps;
    if (steps.length === 0) throw new Error("a statement needs at least one step");
    if (steps.length === 1) return steps[0]!;
    const ctes = steps.slice(0, -1).map((sql, index) => `step${index} AS (${sql})`);
    return `WITH ${ctes.join(",\n")}\n${steps[steps.length - 1]}`;
  }
}
