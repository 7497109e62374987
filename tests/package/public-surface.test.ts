// The public contract, pinned: every name each entry point exports, values and types apart. Any
// change to the public surface is then a visible diff here (and a line in the CHANGELOG).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import ts from "typescript";
import { sourceFiles } from "../support/source-files.js";

const ROOT = join(__dirname, "..", "..");
const SRC = join(ROOT, "src");

/** The names each entry exports at runtime, loaded in one fresh Node process (TypeScript through tsx). */
function runtimeExports(entries: readonly string[]): Record<string, string[]> {
  const script = `require("tsx/cjs");
    const entries = ${JSON.stringify(entries.map((entry) => [entry, join(SRC, entry)]))};
    console.log(JSON.stringify(Object.fromEntries(entries.map(([entry, path]) => [entry, Object.keys(require(path)).filter((key) => key !== "__esModule").sort()]))));`;
  const out = execFileSync(process.execPath, ["-e", script], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as Record<string, string[]>;
}

const SURFACE: Record<string, { values: string[]; types: string[] }> = {
  "index.ts": {
    values: [
      "ApprovalToolNode",
      "HITLError",
      "HITLMemorySaver",
      "HitlMemorySaver",
      "HookRegistry",
      "DEFAULT_HOOK_TIMEOUT_MS",
      "DEFAULT_OBSERVER_TIMEOUT_MS",
      "askUserQuestion",
      "askUserQuestions",
      "createAskUserQuestionTool",
      "createHook",
      "createMemoryCheckpointer",
      "createRemoteInbox",
      "formatInterrupt",
      "getHaltReason",
      "getInterrupt",
      "getInterrupts",
      "isAskUserQuestionInterrupt",
      "isHITLError",
      "isRemoteGraph",
      "isRunCancelled",
      "isToolApprovalInterrupt",
      "requestDigest",
      "resume",
      "resumeRemote",
      "start",
      "withThreadContinuation",
      "startStream",
      "resumeStream",
      "approvalResponseSchema",
      "questionResponseSchema",
      // Approval notifications and the expiry sweeper.
      "startApprovalNotifier",
      "createWebhookSender",
      "verifyWebhookSignature",
      "WEBHOOK_SIGNATURE_HEADER",
      "startExpirySweeper",
      // Standing grants.
      "listGrants",
      "revokeGrant",
    ],
    types: [
      // Standing grants.
      "GrantMatch",
      "GrantMatchKind",
      "GrantOptions",
      "GrantOrigin",
      "GrantPage",
      "GrantPredicate",
      "GrantPredicateCall",
      "GrantScope",
      "GrantScopeReader",
      "GrantStatus",
      "ListGrantsOptions",
      "RevokeGrantOptions",
      "StandingGrant",
      "StoredGrantMatch",
      "ToolApprovalGrantOffer",
      "ToolApprovalGrantRequest",
      "ToolApprovalGrantScope",
      "ToolApprovalGrantedCall",
      "AgentInboxResponse",
      "AppliedJudgment",
      "ApprovalNodeTool",
      "ApprovalOptions",
      "ApprovalToolNodeOptions",
      "ApprovalsInbox",
      "AskUserQuestionInterruptPayload",
      "AskUserQuestionMultiSelectResolution",
      "AskUserQuestionOption",
      "AskUserQuestionRequest",
      "AskUserQuestionResolution",
      "AskUserQuestionToolOptions",
      "AskUserQuestionsResolution",
      "CompiledHook",
      "ContinuationLease",
      "DecisionEvent",
      "DecisionHandler",
      "DenialSource",
      "ExpiredInterrupt",
      "FailurePolicy",
      "FormatInterruptOptions",
      "GraphValues",
      "HITLErrorCode",
      "HITLErrorDetail",
      "HITLErrorOptions",
      "HITLGraph",
      "HITLRecord",
      "HitlGraph",
      "HitlRecord",
      "HookCallback",
      "HookDefinition",
      "HookErrorContext",
      "HookErrorHandler",
      "HookEvent",
      "HookEventMap",
      "HookInvocationContext",
      "HookMatcher",
      "HookRegistration",
      "HttpTransportOptions",
      "HumanInTheLoopConfig",
      "HumanInterruptPayload",
      "HumanInterruptType",
      "InterruptFormat",
      "InterruptOnConfig",
      "InterruptValidationError",
      "LangChainDecision",
      "LangChainDecisionsValue",
      "LangChainEditedAction",
      "ListPendingInterruptsOptions",
      "OutcomeSource",
      "PendingInterruptPage",
      "PendingInterruptRecord",
      "PermissionDeniedInput",
      "PostToolBatchInput",
      "PostToolUseFailureInput",
      "PostToolUseFailureResult",
      "PostToolUseInput",
      "PostToolUseResult",
      "PreToolUseInput",
      "PreToolUseResult",
      "RemoteAuth",
      "RemoteAuthContext",
      "RemoteFailure",
      "RemoteGraphLike",
      "RemoteHook",
      "RemoteHookErrorOptions",
      "RemoteHookOptions",
      "RemoteObserverEvent",
      "RemoteTransportOptions",
      "ResumeOptions",
      "ResumeResult",
      "ResumeValue",
      "Reviewer",
      "RunAction",
      "RunControl",
      "RunHalt",
      "RunInterruptResult",
      "RunOutcome",
      "RunStopFields",
      "ShadowChange",
      "ShadowVerdict",
      "ShadowVerdictEvent",
      "ShadowVerdictHandler",
      "StdioTransportOptions",
      "SubmissionStatus",
      "ToolApprovalDecision",
      "ToolApprovalDecisionMap",
      "ToolApprovalDecisionType",
      "ToolApprovalInterruptPayload",
      "ToolApprovalRequest",
      "ToolApprovalReviewConfig",
      "ToolBatchEntry",
      "ToolCallAction",
      "ToolCallControl",
      "ToolFacts",
      "ToolInput",
      "ToolLookup",
      "PendingInterruptChange",
      "WatchPendingInterruptsOptions",
      "WatchableInbox",
      "ResponseSchema",
      "ResumeStreamOptions",
      "RunStream",
      "StreamOptions",
      "StreamedInterrupt",
      "ApprovalCallRequest",
      "ApprovalCallRuntime",
      "ApprovalCallState",
      "DescriptionFactory",
      "LangChainActionRequest",
      "LangChainDecisionType",
      "LangChainReviewConfig",
      "ReviewMessageContext",
      "ReviewMessageTemplate",
      "ReviewMessages",
      "ReviewMessagesPreset",
      "WhenPredicate",
      // Approval notifications and the expiry sweeper.
      "ApprovalEvent",
      "ApprovalEventType",
      "ApprovalRequestedEvent",
      "ApprovalReminderEvent",
      "ApprovalResolvedEvent",
      "ApprovalEventRequest",
      "ApprovalOutcome",
      "ApprovalEventHandler",
      "ApprovalEventContext",
      "ApprovalNotificationSettings",
      "ApprovalNotifierOptions",
      "ApprovalNotifier",
      "ApprovalNotifierStats",
      "NotifierRound",
      "ApprovalLinkBuilder",
      "ApprovalLinkTarget",
      "DeadLetter",
      "RetryPolicy",
      "WebhookSenderOptions",
      "VerifyWebhookOptions",
      "WebhookVerification",
      "WebhookSignatureProblem",
      "ExpirySweeper",
      "ExpirySweeperOptions",
      "ExpirySweeperSettings",
      "ExpirySweeperStats",
      "SweepRound",
    ],
  },
  "postgres/index.ts": {
    values: ["HITLPostgresSaver", "HitlPostgresSaver", "createPostgresCheckpointer"],
    types: ["PostgresCheckpointerOptions", "PruneResolvedOptions", "PruneResolvedResult"],
  },
  "http/index.ts": {
    values: ["anonymousReviewer", "createApprovalHandler", "toNodeListener", "eventStreamResponse", "EVENT_STREAM_HEADERS"],
    types: ["ApprovalHandler", "ApprovalHandlerOptions", "AuthRefusal", "AuthResult", "Problem", "ProblemCode", "ClosableApprovalHandler", "EventStreamSettings", "EventStreamOptions", "EventStreamTiming", "ServerSentEvent"],
  },
  "langchain/index.ts": {
    values: ["APPROVAL_MIDDLEWARE_NAME", "approvalMiddleware"],
    types: ["ApprovalMiddlewareOptions", "ApprovalMiddlewareInterruptPayload"],
  },
  "remote/index.ts": {
    values: ["REMOTE_FAILURES", "RemoteHookError", "findRemoteHookError", "isRemoteHookError", "remoteHook"],
    types: [
      "FailurePolicy",
      "HttpTransportOptions",
      "RemoteAuth",
      "RemoteAuthContext",
      "RemoteFailure",
      "RemoteHook",
      "RemoteHookErrorOptions",
      "RemoteHookOptions",
      "RemoteObserverEvent",
      "RemoteTransportOptions",
      "StdioTransportOptions",
    ],
  },
};

// Only this package's own files: what each entry exports is decided by them alone, and leaving the
// dependencies' declarations out keeps the program small.
const program = ts.createProgram(sourceFiles(SRC), { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noResolve: true, noLib: true, noEmit: true });
const checker = program.getTypeChecker();

/** What an entry exports, split into names with a runtime value and names that are only types. */
function surfaceOf(entry: string): { values: string[]; types: string[] } {
  const source = program.getSourceFile(join(SRC, entry));
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${entry} is not a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const typeOnly = symbol.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)) ?? false;
    (target.flags & ts.SymbolFlags.Value && !typeOnly ? values : types).push(symbol.name);
  }
  return { values: values.sort(), types: types.sort() };
}

let loaded: Record<string, string[]> = {};
beforeAll(() => {
  loaded = runtimeExports(Object.keys(SURFACE));
});

describe.each(Object.keys(SURFACE))("the public surface of src/%s", (entry) => {
  test("exports exactly the pinned names", () => {
    const expected = SURFACE[entry]!;
    expect(surfaceOf(entry)).toEqual({ values: [...expected.values].sort(), types: [...expected.types].sort() });
  });

  test("its runtime exports are exactly the pinned values", () => {
    expect(loaded[entry]).toEqual([...SURFACE[entry]!.values].sort());
  });
});

test("every deprecated alias says what to use instead", () => {
  const deprecated = ["index.ts#HitlMemorySaver", "index.ts#HitlGraph", "index.ts#HitlRecord", "postgres/index.ts#HitlPostgresSaver"];
  for (const name of deprecated) {
    const [entry, exported] = name.split("#") as [string, string];
    const source = program.getSourceFile(join(SRC, entry))!;
    const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((candidate) => candidate.name === exported)!;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const tags = [symbol, target].flatMap((candidate) => candidate.getJsDocTags(checker)).filter((tag) => tag.name === "deprecated");
    expect({ name, says: tags.map((tag) => ts.displayPartsToString(tag.text)).join(" ") }).toEqual({ name, says: expect.stringMatching(/Use \{@link HITL|Use HITL/) });
  }
});
