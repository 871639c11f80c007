import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/lock';
import { startAgentChat, type RunningApp } from './start';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const web = process.env.VITE_DEV === '1' && !config.isProduction ? 'vite' : 'static';
  let running: RunningApp;
  try {
    running = await startAgentChat(config, { web });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  const { app } = running;

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and shutting down`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await running.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.apiDocs) app.log.info(`API docs at ${config.publicUrl}/api/docs`);
  if (config.adminSetupSecretGenerated) {
    const signIn = config.devSignIn ? 'the Development sign-in' : 'your OIDC provider';
    // Printed on purpose: the operator needs it once for /admin/setup on a development machine.
    process.stdout.write(
      `\nAdmin setup secret for this run: ${config.adminSetupSecret}\n` +
        `Sign in with ${signIn} at ${config.publicUrl}/api/login, then open ${config.publicUrl}/admin/setup.\n` +
        'Set ADMIN_SETUP_SECRET to keep one secret across restarts.\n\n',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `AgentChat failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
