import type { CliIo } from '../cli.ts';

/** A CliIo that keeps what the command writes; `answers` are handed out in turn to secret prompts. */
export function recordingIo(
  env: Record<string, string | undefined>,
  answers?: string[],
): CliIo & { stdout: string; stderr: string } {
  const io = {
    env,
    stdout: '',
    stderr: '',
    out(text: string) {
      io.stdout += text;
    },
    err(text: string) {
      io.stderr += text;
    },
    askSecret: answers ? async () => answers.shift() ?? '' : undefined,
  };
  return io;
}
