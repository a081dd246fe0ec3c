// The doctor's host steps: free space on DATA_DIR's disk, and the Chromium the inspector and the
// report printer launch (present, and whether it runs sandboxed, as the inspect room decides it).
import { existsSync, statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { probeChromium } from "../inspect";
import { reason, type Check } from "./probe";

/** Below either, a busy database fills the rest within days. */
const LOW_FREE_BYTES = 1024 ** 3;
const LOW_FREE_SHARE = 0.1;

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export const diskCheck: Check = {
  name: "disk",
  timeoutS: 5,
  slowFix: "the disk under DATA_DIR does not answer: check its mount",
  run: async ({ config }) => {
    // NOTE: a DATA_DIR not made yet lands on its nearest existing parent's disk.
    let dir = resolve(config.DATA_DIR);
    while (!existsSync(dir)) dir = dirname(dir);
    const fs = statfsSync(dir);
    const free = fs.bavail * fs.bsize;
    const share = free / (fs.blocks * fs.bsize);
    const found = `${gigabytes(free)} free of ${gigabytes(fs.blocks * fs.bsize)} (${Math.round(share * 100)} %) at ${dir}`;
    if (free >= LOW_FREE_BYTES && share >= LOW_FREE_SHARE) return { status: "ok", found };
    return { status: "warn", found, fix: "free space or move DATA_DIR to a larger disk: the database stops taking writes when it is full" };
  },
};

export const chromiumCheck: Check = {
  name: "chromium",
  timeoutS: 30,
  slowFix: "Chromium did not start in time: check the host's memory and CHROMIUM_PATH",
  run: async ({ config }) => {
    const path = config.CHROMIUM_PATH;
    const probe = await probeChromium(path).catch((err: unknown) => reason(err));
    if (typeof probe === "string") {
      return { status: "FAIL", found: `Chromium at ${path} did not start: ${probe.split("\n")[0]}`, fix: "install Chromium (Debian: apt install chromium) or set CHROMIUM_PATH; the inspector and the yearly report's PDF need it" };
    }
    const found = `Chromium ${probe.version} at ${path}, ${probe.sandbox.sandbox ? "sandboxed" : "without its sandbox"}: ${probe.sandbox.reason}`;
    if (probe.sandbox.sandbox) return { status: "ok", found };
    return { status: "warn", found, fix: "run the inspector as a user other than root, on a kernel that allows unprivileged user namespaces (docs: self-hosting)" };
  },
};
