/**
 * What the command-line tools share: a command is a function of its arguments, environment and output, so
 * tests run it in-process (a child process costs a Node start and the TypeScript transform, seconds each on a
 * loaded 2-core machine); the entry file only wires it to the real process.
 */
import { ConfigError } from '../config.ts';

/** Where a command writes: one line at a time (console.log / console.error in a real process). */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

export interface CommandContext extends CommandOutput {
  argv: string[];
  env: Record<string, string | undefined>;
}

/** How a program explains a failure: its usage for a bad flag, `explain` for errors only it knows. */
export interface ProgramOptions {
  usage: string;
  explain?: (error: unknown) => string | undefined;
}

/** A mistake the operator can fix: printed as one clear message with exit code 1, never a stack trace. */
export class CommandFailure extends Error {}

/**
 * Runs a command and turns its outcome into an exit code: 0 when it returns, 1 with the message for a
 * failure it explains (its own, a bad setting, a bad flag, or what `explain` recognises), 1 with the whole
 * error for anything unexpected.
 */
export async function runCommand(
  command: (context: CommandContext) => Promise<void>,
  context: CommandContext,
  options: ProgramOptions,
): Promise<number> {
  try {
    await command(context);
    return 0;
  } catch (error) {
    context.err(describeFailure(error, options));
    return 1;
  }
}

function describeFailure(error: unknown, options: ProgramOptions): string {
  if (error instanceof CommandFailure || error instanceof ConfigError) return error.message;
  if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    return `${error.message}\n${options.usage}`;
  }
  const explained = options.explain?.(error);
  if (explained !== undefined) return explained;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The entry file's one line: the command on this process's arguments, environment and console. */
export function runAsProgram(
  command: (context: CommandContext) => Promise<void>,
  options: ProgramOptions,
): void {
  const context: CommandContext = {
    argv: process.argv.slice(2),
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  };
  void runCommand(command, context, options).then((code) => {
    // A failure may leave a handle open (a socket to a bucket): end now. Success ends when the work is done.
    if (code !== 0) process.exit(code);
  });
}
