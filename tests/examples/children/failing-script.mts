// A script that starts and stops the embedded Postgres, then fails — ended the way the argument says.
import { startEmbeddedPostgres } from "../../../examples/support/embedded-postgres.mjs";
import { failAndExit } from "../../../examples/support/fail.mjs";

async function main(): Promise<void> {
  const server = await startEmbeddedPostgres();
  await server.stop();
  throw new Error("the script failed");
}

if (process.argv[2] === "exit-code") {
  main().catch(() => {
    process.exitCode = 1;
  });
} else {
  main().catch(failAndExit);
}
