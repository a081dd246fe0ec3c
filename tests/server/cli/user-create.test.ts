import { expect, test } from "bun:test";
import { call } from "../../helpers/api";
import { freshDatabase } from "../../helpers/db";
import { runToExit, startTestServer } from "../../helpers/server";

test("user:create makes a verified admin who can sign in with the printed password", async () => {
  const db = await freshDatabase();
  try {
    const made = await runToExit("src/cli/user-create.ts", db.env, undefined, ["--email", "Root@Example.com", "--admin"]);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Created admin root@example.com");
    const password = /Password: (\S+)/.exec(made.stdout)![1]!;

    const again = await runToExit("src/cli/user-create.ts", db.env, undefined, ["--email", "root@example.com"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("user:create: an account with root@example.com already exists.\n");

    const server = await startTestServer({ env: db.env });
    try {
      const res = await call(server.app, "POST", "/api/signin", { body: { email: "root@example.com", password } });
      expect(res.status).toBe(200);
      expect(res.json.user).toMatchObject({ verified: true, scope: ["admin"] });
    } finally {
      await server.stop();
    }
  } finally {
    await db.remove();
  }
});
