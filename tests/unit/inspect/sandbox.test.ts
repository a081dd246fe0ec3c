// When the inspector's Chromium runs with its sandbox: on unless root, a kernel switch or a
// refused user namespace rules it out; and always with a reason to log.
import { describe, expect, test } from "bun:test";
import { sandboxFacts, sandboxMode, type SandboxFacts } from "../../../src/inspect/sandbox";

const open: SandboxFacts = {
  uid: 10001, unprivilegedUsernsClone: null, maxUserNamespaces: "63704\n", apparmorRestrictsUserns: null, usernsProbe: true,
};

describe("sandboxMode", () => {
  test("an unprivileged user with user namespaces gets the sandbox", () => {
    expect(sandboxMode(open)).toEqual({ sandbox: true, reason: "unprivileged user namespaces are available" });
    expect(sandboxMode({ ...open, unprivilegedUsernsClone: "1\n", apparmorRestrictsUserns: "0\n" }).sandbox).toBe(true);
  });

  test("root runs without it, whatever the kernel allows", () => {
    expect(sandboxMode({ ...open, uid: 0 })).toEqual({ sandbox: false, reason: "running as root, where Chromium refuses its sandbox" });
  });

  test("each kernel switch that forbids unprivileged user namespaces turns it off, and is named", () => {
    const cases: [Partial<SandboxFacts>, string][] = [
      [{ unprivilegedUsernsClone: "0\n" }, "kernel.unprivileged_userns_clone is 0"],
      [{ maxUserNamespaces: "0\n" }, "user.max_user_namespaces is 0"],
      [{ apparmorRestrictsUserns: "1\n" }, "kernel.apparmor_restrict_unprivileged_userns is 1"],
      [{ usernsProbe: false }, "creating a user namespace was refused"],
    ];
    for (const [facts, reason] of cases) {
      const mode = sandboxMode({ ...open, ...facts });
      expect(mode.sandbox).toBe(false);
      expect(mode.reason).toStartWith(reason);
    }
  });

  test("absent switches and an untried probe do not turn it off", () => {
    const mode = sandboxMode({ uid: 10001, unprivilegedUsernsClone: null, maxUserNamespaces: null, apparmorRestrictsUserns: null, usernsProbe: null });
    expect(mode.sandbox).toBe(true);
  });
});

describe("sandboxFacts", () => {
  test("reads this process's user and skips the probe when the user alone decides", () => {
    const facts = sandboxFacts();
    expect(facts.uid).toBe(process.getuid!());
    if (facts.uid === 0) expect(facts.usernsProbe).toBeNull();
  });
});
