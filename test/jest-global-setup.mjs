// Jest's globalSetup (jest.config.mjs): a port per worker for the Auth emulator its fresh local
// Firebase stacks share instead of starting one each (scripts/local-firebase/shared-auth.mjs says
// why). The first stack of a worker that needs it starts it (test/local-firebase-env.ts), so a
// run of files that never use the local Firebase starts none; it stops with its worker.
import net from 'node:net';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup(globalConfig) {
  const ports = [];
  // Run in band, the tests run in this process as worker 1.
  for (let worker = 0; worker < Math.max(1, globalConfig.maxWorkers); worker += 1) {
    ports.push(await freePort());
  }
  process.env.LOCAL_FIREBASE_SHARED_AUTH = JSON.stringify(ports.map((port) => `127.0.0.1:${port}`));
}
