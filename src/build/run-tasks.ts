/**
 * Runs parse tasks and delivers their messages in load order: in the calling thread one task
 * after another, or on a pool of worker threads that read tasks at once while the calling thread
 * merges. Messages of a task that finished early wait until every task before it is delivered;
 * at most two tasks a worker run ahead of the one being delivered, which bounds what waits.
 * Delivery may pause (a build spilling a part within its memory budget): the next message is
 * delivered once the promise it returned settles, while the workers read ahead within that bound.
 */
import type { Worker } from 'node:worker_threads'
import { SnapshotError, type SnapshotErrorCode } from '../errors.js'
import {
  type ChunkMessage,
  type EndMessage,
  type ParseTask,
  type ProgressMessage,
  runParseTask,
  type TaskMessage,
  type TaskOptions,
} from './parse-task.js'
import { spawnWorker } from './spawn-worker.js'

/** A task's failure as a worker posts it. */
export interface WorkerError {
  readonly type: 'error'
  readonly task: number
  readonly message: string
  readonly code?: SnapshotErrorCode
  readonly file?: string
  readonly line?: number
}

/** Where the messages go: progress as it comes, the rest in task order. */
export interface Delivery {
  progress(message: ProgressMessage): void
  /** Applies a message; a promise returned holds back the next message until it settles. */
  apply(message: ChunkMessage | EndMessage): Promise<void> | undefined
}

/**
 * Runs every task and delivers its messages.
 *
 * @param tasks - the tasks in load order
 * @param workers - worker threads to use; 0 runs the tasks in the calling thread
 * @param options - chunk size and strictness
 * @param delivery - receives the messages; an exception it throws ends the run with that exception
 * @example
 * ```ts
 * await runTasks(tasks, 2, { chunkSize: 1 << 20, strict: false }, merger)
 * ```
 */
export async function runTasks(
  tasks: readonly ParseTask[],
  workers: number,
  options: TaskOptions,
  delivery: Delivery,
): Promise<void> {
  const deliver = (message: TaskMessage): Promise<void> | undefined => {
    if (message.type !== 'progress') return delivery.apply(message)
    delivery.progress(message)
    return undefined
  }
  if (workers === 0 || tasks.length === 0) {
    for (const task of tasks) await runInThread(task, options, deliver)
    return
  }
  await runOnPool(tasks, Math.min(workers, tasks.length), options, deliver)
}

/**
 * Runs a task in the calling thread. The task posts synchronously, so messages queue while a
 * delivery is paused and are delivered in order after it.
 */
async function runInThread(
  task: ParseTask,
  options: TaskOptions,
  deliver: (message: TaskMessage) => Promise<void> | undefined,
): Promise<void> {
  // Once a delivery pauses, every later message is chained after it; a failure is kept (and the
  // promise handled at once, so it is never an unhandled rejection) and thrown after the task.
  let pending: Promise<void> | undefined
  let failure: unknown
  const fail = (error: unknown): void => {
    failure ??= error
  }
  await runParseTask(task, options, (message) => {
    if (failure !== undefined) return
    if (pending === undefined) {
      pending = deliver(message)?.catch(fail)
      return
    }
    pending = pending.then(() => (failure === undefined ? deliver(message) : undefined)).catch(fail)
  })
  await pending
  if (failure !== undefined) throw failure
}

function runOnPool(
  tasks: readonly ParseTask[],
  size: number,
  options: TaskOptions,
  deliver: (message: TaskMessage) => Promise<void> | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const pool: Worker[] = []
    /** Workers waiting for a task: none left, or too far ahead of the task being delivered. */
    const idle: Worker[] = []
    const waiting = new Map<number, (TaskMessage | WorkerError)[]>()
    const ahead = size * 2
    let next = 0
    let due = 0
    let finished = false
    /** A delivery that has not settled: nothing more is delivered until it does. */
    let paused = false

    const finish = (error?: unknown): void => {
      if (finished) return
      finished = true
      for (const worker of pool) void worker.terminate()
      if (error === undefined) resolve()
      else reject(error)
    }
    const dispatch = (worker: Worker): void => {
      if (next >= tasks.length || next >= due + ahead) {
        idle.push(worker)
        return
      }
      worker.postMessage({ task: tasks[next++], options })
    }
    // Delivers what is due: the messages of task `due`, then of the tasks after it that are done.
    const drain = (): void => {
      while (!paused) {
        const queue = waiting.get(due)
        if (queue === undefined || queue.length === 0) return
        const message = queue.shift() as TaskMessage | WorkerError
        if (message.type === 'error') throw revive(message)
        const wait = deliver(message)
        if (wait !== undefined) {
          paused = true
          wait.then(
            () => {
              paused = false
              try {
                drain()
              } catch (error) {
                finish(error)
              }
            },
            (error: unknown) => finish(error),
          )
        }
        if (message.type === 'end') {
          waiting.delete(due)
          due++
          if (due === tasks.length) {
            finish()
            return
          }
          while (idle.length > 0 && next < tasks.length && next < due + ahead) dispatch(idle.pop() as Worker)
        }
      }
    }
    const onMessage = (worker: Worker, message: TaskMessage | WorkerError): void => {
      if (finished) return
      try {
        if (message.type === 'progress') {
          deliver(message)
          return
        }
        let queue = waiting.get(message.task)
        if (queue === undefined) {
          queue = []
          waiting.set(message.task, queue)
        }
        queue.push(message)
        if (message.type === 'end' || message.type === 'error') dispatch(worker)
        drain()
      } catch (error) {
        finish(error)
      }
    }

    for (let i = 0; i < size; i++) {
      const worker = spawnWorker('build/parse-worker')
      pool.push(worker)
      worker.on('message', (message: TaskMessage | WorkerError) => onMessage(worker, message))
      worker.on('error', (error) => finish(error))
      worker.on('exit', (code) => {
        if (!finished) finish(new Error(`domindex: a parse worker exited early (code ${code})`))
      })
      dispatch(worker)
    }
  })
}

function revive(failure: WorkerError): Error {
  const error =
    failure.code === undefined
      ? new Error(failure.message)
      : new SnapshotError(failure.code, '', {
          ...(failure.file === undefined ? {} : { file: failure.file }),
          ...(failure.line === undefined ? {} : { line: failure.line }),
        })
  // The worker's message is complete already (prefix, file and line included).
  Object.defineProperty(error, 'message', {
    value: failure.message,
    enumerable: false,
    writable: true,
    configurable: true,
  })
  return error
}
