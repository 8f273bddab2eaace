// node dist/cli.js <command>: database chores and the worker (cli/run.ts lists them).
import { runCli } from './cli/run.ts';

process.exitCode = await runCli(process.argv.slice(2));
