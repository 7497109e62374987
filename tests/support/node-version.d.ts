/** Types of node-version.js (CommonJS, so jest's globalSetup and the tests can both load it). */
export declare function checkExpectedNode(env?: Record<string, string | undefined>, version?: string): string | undefined;
