/**
 * The detail type of every refusal, in a leaf of its own: the modules that bound details
 * (`capped-details.ts`, `bounded-detail.ts`) and the error class that uses them all read it.
 */

/** One problem found while validating a value, placed next to the call it concerns. */
export interface HITLErrorDetail {
  /** The tool call the problem belongs to, when it belongs to one. */
  toolCallId?: string;
  /** Where in the submitted value the problem is, e.g. `["updatedInput", "path"]`. */
  path?: Array<string | number>;
  /** What is wrong, in one sentence a reviewer can read. */
  message: string;
  /** The values that would have been accepted, when there is a closed set. */
  allowed?: string[];
  /** What was received instead, bounded: 3 levels, a string past 240 characters cut to 200, a collection past 11 entries to 10. */
  received?: unknown;
  /**
   * Set only on the detail that says how many problems this error does not list (of the call
   * `toolCallId` names, or of the value; at most 20 are listed per call and 200 in all).
   */
  unlisted?: number;
}
