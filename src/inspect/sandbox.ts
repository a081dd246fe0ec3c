// Whether the inspector's Chromium runs with its sandbox. The sandbox is the wall between a page
// we do not control and the process that holds the job's proxy; it is on unless it cannot work:
// as root (Chromium refuses it) or where the kernel forbids unprivileged user namespaces, which
// Debian's Chromium needs for it (no setuid helper is installed).
import { readFileSync } from "node:fs";

export type SandboxFacts = {
  /** The process's user id; null where there is none (not POSIX). */
  uid: number | null;
  /** Contents of the kernel switches, null where a file is absent. */
  unprivilegedUsernsClone: string | null;
  maxUserNamespaces: string | null;
  apparmorRestrictsUserns: string | null;
  /** Whether creating a user namespace worked when tried (seccomp can refuse what the kernel allows); null if not tried. */
  usernsProbe: boolean | null;
};

export type SandboxMode = { sandbox: boolean; reason: string };

export function sandboxMode(f: SandboxFacts): SandboxMode {
  if (f.uid === 0) return { sandbox: false, reason: "running as root, where Chromium refuses its sandbox" };
  if (f.unprivilegedUsernsClone?.trim() === "0") {
    return { sandbox: false, reason: "kernel.unprivileged_userns_clone is 0 (no unprivileged user namespaces)" };
  }
  if (f.maxUserNamespaces?.trim() === "0") return { sandbox: false, reason: "user.max_user_namespaces is 0 (no user namespaces)" };
  if (f.apparmorRestrictsUserns?.trim() === "1") {
    return { sandbox: false, reason: "kernel.apparmor_restrict_unprivileged_userns is 1 (no unprivileged user namespaces)" };
  }
  if (f.usernsProbe === false) {
    return { sandbox: false, reason: "creating a user namespace was refused (a seccomp profile, e.g. Docker's default)" };
  }
  return { sandbox: true, reason: "unprivileged user namespaces are available" };
}

/** A kernel file's contents (under /proc or /sys), or null where it is absent or unreadable. */
export const readKernelFile = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
};

/** Tries to create a user namespace with util-linux's unshare; null when it is not installed. */
function probeUserns(): boolean | null {
  try {
    const run = Bun.spawnSync(["unshare", "--user", "true"], { stdout: "ignore", stderr: "ignore" });
    return run.exitCode === 0;
  } catch {
    return null;
  }
}

/** Reads the facts from this process and kernel; the probe runs only when nothing else rules the sandbox out. */
export function sandboxFacts(): SandboxFacts {
  const facts: SandboxFacts = {
    uid: process.getuid?.() ?? null,
    unprivilegedUsernsClone: readKernelFile("/proc/sys/kernel/unprivileged_userns_clone"),
    maxUserNamespaces: readKernelFile("/proc/sys/user/max_user_namespaces"),
    apparmorRestrictsUserns: readKernelFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"),
    usernsProbe: null,
  };
  if (sandboxMode(facts).sandbox) facts.usernsProbe = probeUserns();
  return facts;
}
