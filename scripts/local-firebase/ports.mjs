import net from 'node:net';

import { portAnswers } from './auth.mjs';

// Ports and the variables that name them, for the local stack (./start.mjs).

export function tcpAnswers(hostPort) {
  const index = hostPort.lastIndexOf(':');
  const host = hostPort.slice(0, index).replace(/^\[|\]$/g, '') || '127.0.0.1';
  return portAnswers(Number(hostPort.slice(index + 1)), host);
}

export function parsePort(value, name, fallback) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`${name} must be a TCP port, got ${JSON.stringify(value)}`);
  }
  return port;
}

export function parseMilliseconds(value, name) {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new Error(
      `${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}`,
    );
  }
  return ms;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until nothing listens on `ports` any more (an emulator that is still shutting down). */
export async function waitForPortsFree(ports, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (const port of ports.filter(Boolean)) {
    while (await portAnswers(port)) {
      if (Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
