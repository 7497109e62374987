/** Something that can go inside an element: a node, text (always as text, never as HTML), or nothing. */
type Child = Node | string | null | undefined | false;

/** Attribute values: `true` sets an empty attribute, `false`/`undefined` leave it out. */
type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * Creates an element. Text is only ever added as text nodes, so payload text (tool names,
 * arguments, questions written by a model) cannot become markup.
 *
 * @example
 * ```ts
 * el("p", { class: "why" }, "Deleting files cannot be undone");
 * ```
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, ...children);
  return element;
}

/** Appends children, text as text nodes. */
function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

let counter = 0;

/**
 * A fresh element id: thread and call ids are arbitrary text, so they never become ids.
 *
 * @example
 * ```ts
 * const id = uid("edit"); // "edit-7"
 * ```
 */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/**
 * A list of problem sentences, announced to screen readers as they appear; empty and hidden
 * when there are none. Returns its element and a setter.
 *
 * @example
 * ```ts
 * const errors = problemList("call-errors");
 * errors.set(["path: Too small"]);
 * ```
 */
export function problemList(className: string): { element: HTMLUListElement; set: (messages: readonly string[]) => void } {
  const element = el("ul", { class: `problems ${className}`, id: uid("problems"), hidden: true });
  return {
    element,
    set(messages) {
      element.replaceChildren(...messages.map((message) => el("li", {}, message)));
      element.hidden = messages.length === 0;
    },
  };
}
