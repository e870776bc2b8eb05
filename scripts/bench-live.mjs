// The live build in `npm run bench`: the same files with config `demo: false`, served by nginx
// with deploy/'s template and talking to the demo service over HTTP (scripts/live-stack.mjs), at a
// chosen service latency, so its figures stand beside the demo build's.
import { spawn } from 'node:child_process';

/** Starts the live stack on `port` from an existing build; resolves once it serves. */
export function startLiveStack({ port, buildDir, latencyMs, scale = 1 }) {
  const child = spawn(
    process.execPath,
    [
      'scripts/live-stack.mjs',
      '--port',
      String(port),
      '--build-dir',
      buildDir,
      '--dir',
      `.live-stack/bench-${port}`,
    ],
    {
      env: {
        ...process.env,
        FLEET_SERVICE_LATENCY_MS: String(latencyMs),
        FLEET_SERVICE_SCALE: String(scale),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already stopped
    }
  };
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Live stack: ')) resolve({ url: `http://127.0.0.1:${port}`, stop });
    });
    child.once('exit', (code) => reject(new Error(`The live stack stopped (${code}): ${output}`)));
  });
}

/** Runs `measure(url)` against a live stack that is stopped afterwards, whatever happens. */
export async function withLiveStack(options, measure) {
  const stack = await startLiveStack(options);
  try {
    return await measure(stack.url);
  } finally {
    stack.stop();
  }
}
