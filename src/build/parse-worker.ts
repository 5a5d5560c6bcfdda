/**
 * The entry of a parse worker thread: runs the tasks the pool sends, one at a time, and posts
 * their messages (buffers transferred, not copied). A failure is posted as an `error` message for
 * the pool to raise in load order.
 */
import { parentPort } from 'node:worker_threads'
import { SnapshotError } from '../errors.js'
import { type ParseTask, runParseTask, type TaskOptions } from './parse-task.js'
import type { WorkerError } from './run-tasks.js'

const port = parentPort
if (port === null) throw new Error('domindex: parse-worker.js runs as a worker thread')

port.on('message', (request: { task: ParseTask; options: TaskOptions }) => {
  const { task, options } = request
  runParseTask(task, options, (message, transfer) => port.postMessage(message, transfer)).catch(
    (error: unknown) => {
      const failure: WorkerError = {
        type: 'error',
        task: task.index,
        message: error instanceof Error ? error.message : String(error),
        ...(error instanceof SnapshotError
          ? {
              code: error.code,
              ...(error.file === undefined ? {} : { file: error.file }),
              ...(error.line === undefined ? {} : { line: error.line }),
            }
          : {}),
      }
      port.postMessage(failure)
    },
  )
})
