import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { status: Status } = require('@grpc/grpc-js');

// The local Firestore's errors as gRPC statuses, as firebase-admin reads them from Firestore.

export { Status };

export class GrpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export function toGrpcStatus(error) {
  if (error instanceof GrpcError) return { code: error.code, details: error.message };
  // The emulator's own FirestoreEmulatorError carries a numeric gRPC code.
  if (error && typeof error.code === 'number') return { code: error.code, details: error.message };
  return { code: Status.INTERNAL, details: String(error?.message ?? error) };
}
