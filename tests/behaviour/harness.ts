import type { BaseCheckpointSaver } from "@langchain/langgraph";

/** Makes a fresh checkpointer for one test; the behaviour suite runs once per implementation. */
export type SaverFactory = () => BaseCheckpointSaver | Promise<BaseCheckpointSaver>;

/** A behaviour case file: registers its tests against whichever checkpointer the suite gives it. */
export type BehaviourCases = (saver: SaverFactory) => void;
