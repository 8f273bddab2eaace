// node dist/main.js: the shop's server (serve.ts). A start-up failure is one JSON line on stderr, exit 1.
import { startServer } from './serve.ts';

startServer().catch((err: unknown) => {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'failed to start', error: String((err as Error)?.stack ?? err) })}\n`,
  );
  process.exit(1);
});
