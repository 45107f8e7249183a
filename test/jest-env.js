// Loaded before every Jest test file (jest.config.mjs setupFiles). Tests talk to emulators only:
// keep Google's auth library from probing the cloud metadata server (169.254.169.254).
process.env.METADATA_SERVER_DETECTION = 'none';
