import { INTERRUPT_CHANNEL, NON_RESULT_CHANNELS } from "./channels.js";
import { langGraphTable } from "./postgres-tables.js";

// How this library reads LangGraph's Postgres tables without loading whole checkpoints. Each
// query answers as the stock PostgresSaver's `getTuple` would: the head of a namespace is its
// greatest checkpoint id (`ORDER BY checkpoint_id DESC LIMIT 1`), and a checkpoint's pending
// writes are ordered by task id, then index. tests/langgraph/postgres-tables.pg.test.ts checks
// both against the installed saver.

/** Separates the levels of a checkpoint namespace (`parent:<task id>|tools:<task id>`). */
const NAMESPACE_SEPARATOR = "|";
/** Ends a level's node name; the task id follows. */
const NAMESPACE_END = ":";

const sqlList = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(", ");

/**
 * The pending writes of thread `$1`'s latest root checkpoint (`checkpoint_id, task_id, channel,
 * type, blob`), in the stock saver's order.
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(latestRootWritesSql("public"), [threadId]);
 * ```
 */
export function latestRootWritesSql(schema: string): string {
  return `SELECT checkpoint_id, task_id, channel, type, blob FROM ${langGraphTable(schema, "checkpoint_writes")}
       WHERE thread_id = $1 AND checkpoint_ns = '' AND checkpoint_id = (
         SELECT checkpoint_id FROM ${langGraphTable(schema, "checkpoints")} WHERE thread_id = $1 AND checkpoint_ns = '' ORDER BY checkpoint_id DESC LIMIT 1)
       ORDER BY task_id, idx`;
}

/**
 * One task's interrupt write (`type, blob`) in one checkpoint. Parameters: `$1` thread,
 * `$2` namespace, `$3` checkpoint id, `$4` task id.
 *
 * @example
 * ```ts
 * const { rows } = await pool.query(taskInterruptWritesSql("public"), [threadId, "", checkpointId, taskId]);
 * ```
 */
export function taskInterruptWritesSql(schema: string): string {
  return `SELECT type, blob FROM ${langGraphTable(schema, "checkpoint_writes")}
       WHERE thread_id = $1 AND checkpoint_ns = $2 AND checkpoint_id = $3 AND task_id = $4 AND channel = '${INTERRUPT_CHANNEL}'`;
}

/**
 * A lateral subquery for the interrupt write (`type, blob`) an inbox row `alias` points at
 * (root namespace, its checkpoint and task).
 *
 * @example
 * ```ts
 * `FROM inbox p CROSS JOIN LATERAL (${interruptWriteOfRowSql("public", "p")}) w`;
 * ```
 */
export function interruptWriteOfRowSql(schema: string, alias: string): string {
  return `SELECT type, blob FROM ${langGraphTable(schema, "checkpoint_writes")}
      WHERE thread_id = ${alias}.thread_id AND checkpoint_ns = '' AND checkpoint_id = ${alias}.checkpoint_id AND task_id = ${alias}.task_id AND channel = '${INTERRUPT_CHANNEL}'`;
}

/**
 * SQL for the namespace of the graph a task runs in, from the task's own namespace: its last
 * level removed (`tools:<id>` → `''`, `inner:<id>|tools:<id>` → `inner:<id>`).
 *
 * @example
 * ```ts
 * parentNamespaceSql("c.checkpoint_ns");
 * ```
 */
export function parentNamespaceSql(namespace: string): string {
  return `regexp_replace(${namespace}, '\\${NAMESPACE_SEPARATOR}?[^${NAMESPACE_SEPARATOR}]*$', '')`;
}

/**
 * SQL for a task's id, from the task's own namespace: what follows the last level's `:`.
 *
 * @example
 * ```ts
 * taskIdOfNamespaceSql("c.checkpoint_ns");
 * ```
 */
export function taskIdOfNamespaceSql(namespace: string): string {
  return `regexp_replace(${namespace}, '^.*${NAMESPACE_END}', '')`;
}

/** Where a task ran: placeholders or column references for its thread, its own namespace, and the checkpoint it ran from. */
interface TaskAt {
  threadId: string;
  /** The task's own namespace (`tools:<task id>`, nested in a subgraph). */
  taskNamespace: string;
  checkpointId: string;
}

/**
 * SQL that is true once a task is finished for LangGraph: it has a result write in the
 * checkpoint it ran from (a replay of that checkpoint applies the write instead of running the
 * task again), and its graph has a later checkpoint (the thread moved on from it).
 *
 * @example
 * ```ts
 * `DELETE FROM claims c WHERE ${taskFinishedSql("public", { threadId: "c.thread_id", taskNamespace: "c.checkpoint_ns", checkpointId: "c.checkpoint_id" })}`;
 * ```
 */
export function taskFinishedSql(schema: string, task: TaskAt): string {
  const namespace = parentNamespaceSql(task.taskNamespace);
  return `EXISTS (SELECT 1 FROM ${langGraphTable(schema, "checkpoints")} later
        WHERE later.thread_id = ${task.threadId} AND later.checkpoint_ns = ${namespace} AND later.checkpoint_id > ${task.checkpointId})
      AND EXISTS (SELECT 1 FROM ${langGraphTable(schema, "checkpoint_writes")} result
        WHERE result.thread_id = ${task.threadId} AND result.checkpoint_ns = ${namespace} AND result.checkpoint_id = ${task.checkpointId}
          AND result.task_id = ${taskIdOfNamespaceSql(task.taskNamespace)} AND result.channel NOT IN (${sqlList(NON_RESULT_CHANNELS)}))`;
}

/**
 * SQL that is true while LangGraph stores any checkpoint of thread `threadId` (an SQL
 * expression): false once its thread was deleted (`deleteThread` removes every checkpoint).
 *
 * @example
 * ```ts
 * `CASE WHEN ${threadStoredSql("public", "OLD.thread_id")} THEN 'moved on' ELSE 'deleted' END`;
 * ```
 */
export function threadStoredSql(schema: string, threadId: string): string {
  return `EXISTS (SELECT 1 FROM ${langGraphTable(schema, "checkpoints")} k WHERE k.thread_id = ${threadId})`;
}

/**
 * SQL naming the interrupt writes a thread still waits on, as `w` (every column of a checkpoint
 * write): those of each thread's latest root checkpoint whose task has no result write — what
 * the inbox lists. Used as `SELECT … FROM ${waitingInterruptWritesSql(schema)}`.
 *
 * @example
 * ```ts
 * await pool.query(`SELECT w.thread_id, w.task_id FROM ${waitingInterruptWritesSql("public")}`);
 * ```
 */
export function waitingInterruptWritesSql(schema: string): string {
  const writes = langGraphTable(schema, "checkpoint_writes");
  return `${writes} w
    WHERE w.checkpoint_ns = '' AND w.channel = '${INTERRUPT_CHANNEL}'
      AND w.checkpoint_id = (SELECT max(c.checkpoint_id) FROM ${langGraphTable(schema, "checkpoints")} c WHERE c.thread_id = w.thread_id AND c.checkpoint_ns = '')
      AND NOT EXISTS (
        SELECT 1 FROM ${writes} r
        WHERE r.thread_id = w.thread_id AND r.checkpoint_ns = '' AND r.checkpoint_id = w.checkpoint_id AND r.task_id = w.task_id
          AND r.channel NOT IN (${sqlList(NON_RESULT_CHANNELS)}))`;
}
