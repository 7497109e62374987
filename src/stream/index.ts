/**
 * Streamed start and resume: LangGraph's own chunks as they come, then the same outcome as
 * `start()` / `resume()`.
 */
export { startStream } from "./start-stream.js";
export { resumeStream } from "./resume-stream.js";
export type { ResumeStreamOptions } from "./resume-stream.js";
export type { RunStream } from "./run-stream.js";
export type { StreamOptions } from "./stream-options.js";
export type { StreamedInterrupt } from "./streamed-interrupts.js";
