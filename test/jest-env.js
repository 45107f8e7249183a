// Loaded before every Jest test file (jest.config.mjs setupFiles). Tests talk to emulators only:
// keep Google's auth library from probing the cloud metadata server (169.254.169.254).
process.env.METADATA_SERVER_DETECTION = 'none';
// Session calls give up after 3 s in the app (lib/session/session.ts); a cold emulator channel on
// a loaded test machine can take longer. The fault suite sets its own short deadline.
process.env.BACKEND_DEADLINE_MS ??= '20000';
// Handlers called directly get no socket address (lib/security/client-address.ts): the tests name
// their client in X-Forwarded-For, read as the entry one trusted proxy appended.
process.env.TRUSTED_PROXY_HOPS ??= '1';
// The local Firebase of Jest's data tests starts without the seed's delivery table, as a shop that
// never stored one: orders there need no receiving day (lib/delivery/plan.ts). The delivery tests
// store their own table.
process.env.LOCAL_FIREBASE_SEED_DELIVERY ??= '0';
