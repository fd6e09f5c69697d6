import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock on its data directory: two processes opening it corrupt it.
 * This lock is a file `<dir>.lock` beside the directory, created with the 'wx' flag
 * and holding the owner's pid. A lock whose pid is no longer alive is stale and is
 * taken over.
 */
export interface DirLock {
  readonly lockPath: string;
  release(): void;
}

/**
 * Lock files held by this process, so a second open in the same process is refused too.
 * Kept on globalThis: a dev server re-importing a rebuilt bundle must still see them.
 */
const heldHere: Set<string> = ((globalThis as { [key: symbol]: unknown })[Symbol.for("api.db.heldDirLocks")] ??=
  new Set<string>()) as Set<string>;

export class DirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(`database directory ${directory} is in use by process ${pid}`);
    this.name = "DirectoryInUseError";
  }
}

export function lockPathFor(directory: string): string {
  return `${path.resolve(directory)}.lock`;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function tryCreate(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, "wx");
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

export function acquireDirLock(directory: string): DirLock {
  const resolved = path.resolve(directory);
  const lockPath = lockPathFor(resolved);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(lockPath)) return track(lockPath);
    const owner = readOwner(lockPath);
    // Our own pid in a lock we did not take is a leftover of an earlier process that
    // had the same pid (common in containers), so it is stale as well.
    const ownedByUs = owner === process.pid && heldHere.has(lockPath);
    if (owner !== null && (ownedByUs || (owner !== process.pid && isProcessAlive(owner)))) {
      throw new DirectoryInUseError(resolved, owner);
    }
    // Stale (dead owner, or an empty/garbled file): remove it if it still holds what we read.
    if (readOwner(lockPath) === owner) {
      try {
        unlinkSync(lockPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  const owner = readOwner(lockPath);
  throw new DirectoryInUseError(resolved, owner ?? -1);
}

function track(lockPath: string): DirLock {
  heldHere.add(lockPath);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    process.off("exit", release);
    try {
      if (readOwner(lockPath) === process.pid) unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on("exit", release);
  return { lockPath, release };
}
