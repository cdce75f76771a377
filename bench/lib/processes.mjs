// Child servers for the benchmarks: free ports, start, wait until ready, stop.
// Every child is tracked by its own pid so that clean-up ends exactly what we started.

import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Asks the kernel for a free port on 127.0.0.1 (tiny race before the child binds it; fine here). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node [nodeArgs] <script>` with the given env (nodeArgs: e.g. `--cpu-prof`, which
 * NODE_OPTIONS refuses). stdout/stderr are kept (last 64 KB) so that a
 * server that fails to start can be explained in the error message instead of a bare timeout.
 */
export function startNode(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let exitInfo = null;
  exited.then((info) => {
    exitInfo = info;
  });
  return {
    name,
    pid: child.pid,
    output: () => output,
    /** Null while running, else `{ code, signal }`. */
    exitInfo: () => exitInfo,
    exited,
    /** SIGTERM (graceful: closes the pool), then SIGKILL after `graceMs` if still alive. */
    async stop(graceMs = 5_000) {
      if (exitInfo) return exitInfo;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    },
  };
}

export class BenchFailure extends Error {}

/**
 * Polls `url` until it answers 200. Fails early (with the child's output) if the child exits,
 * and after `timeoutMs` otherwise.
 */
export async function waitForReady(handle, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = handle.exitInfo();
    if (exit) {
      throw new BenchFailure(
        `${handle.name} exited during start-up (code ${exit.code}, signal ${exit.signal}). Output:\n${handle.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new BenchFailure(
    `${handle.name} was not ready at ${url} after ${Math.round(timeoutMs / 1000)} s. Output:\n${handle.output()}`,
  );
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null where unavailable. */
export async function cpuTimeMs(pid) {
  try {
    const { readFile } = await import('node:fs/promises');
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux.
  } catch {
    return null;
  }
}
