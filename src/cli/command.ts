/**
 * The shape of a subcommand: its name, a one-line summary for `domindex --help`, its own help
 * text, and a `run` that answers the process exit status.
 */

/** A `domindex` subcommand. */
export interface Command {
  /** The word after `domindex`. */
  name: string
  /** One line for the command list. */
  summary: string
  /** The full text `domindex <name> --help` prints. */
  help: string
  /**
   * Runs the command.
   *
   * @param args - the arguments after the command name
   * @returns the exit status
   */
  run(args: readonly string[]): Promise<number>
}
